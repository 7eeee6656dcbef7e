import type { PersonalDataOwner } from '@/lib/personal-data';

/** Staff only (the console's editors); staff accounts cannot be deleted by themselves. */
export const contentImportPersonalData: PersonalDataOwner = {
  module: 'content-import',
  tables: { question_versions: ['created_by', 'created_by_name'] },
};
