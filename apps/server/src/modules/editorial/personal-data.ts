import type { PersonalDataOwner } from '@/lib/personal-data';

export const editorialPersonalData: PersonalDataOwner = {
  module: 'editorial',
  tables: { error_reports: ['user_id', 'text', 'handled_by'] },
};
