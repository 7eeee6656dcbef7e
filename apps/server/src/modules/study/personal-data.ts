import type { PersonalDataOwner } from '@/lib/personal-data';

export const studyPersonalData: PersonalDataOwner = {
  module: 'study',
  tables: {
    test_history: ['user_id'],
    question_history: ['user_id'],
    daily_usage: ['user_id'],
    review_items: ['user_id'],
    simulados: ['user_id'],
  },
};
