import type { PersonalDataOwner } from '@/lib/personal-data';

/** The review's tables go with the account's row (their foreign keys cascade). */
export const reviewPersonalData: PersonalDataOwner = {
  module: 'review',
  tables: {
    flashcards: ['user_id', 'front', 'back'],
    review_logs: ['user_id'],
    review_settings: ['user_id'],
  },
};
