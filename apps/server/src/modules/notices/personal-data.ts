import type { PersonalDataOwner } from '@/lib/personal-data';

export const noticesPersonalData: PersonalDataOwner = {
  module: 'notices',
  tables: { user_notices: ['user_id', 'text'] },
};
