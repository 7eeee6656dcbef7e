import type { PersonalDataOwner } from '@/lib/personal-data';

export const examOptionsPersonalData: PersonalDataOwner = {
  module: 'exam-options',
  tables: { exam_option_choices: ['user_id'] },
};
