import type { PersonalDataOwner } from '@/lib/personal-data';

export const consentsPersonalData: PersonalDataOwner = {
  module: 'consents',
  tables: { consents: ['user_id'] },
};
