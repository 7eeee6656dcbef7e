import type { PersonalDataOwner } from '@/lib/personal-data';

export const supportPersonalData: PersonalDataOwner = {
  module: 'support',
  tables: {
    help_requests: ['user_id', 'user_name', 'user_email', 'message'],
    help_replies: ['author_id', 'author_name', 'body'],
  },
};
