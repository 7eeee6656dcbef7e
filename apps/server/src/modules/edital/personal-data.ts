import type { PersonalDataOwner } from '@/lib/personal-data';

/** A student's editais: theirs alone, exported with their data and deleted with the account. */
export const editalPersonalData: PersonalDataOwner = {
  module: 'edital',
  tables: { editais: ['user_id', 'name', 'exam_date', 'syllabus', 'source_text'] },
};
