import type { PersonalDataOwner } from '@/lib/personal-data';

/** The account's row goes last, in the deletion itself (account-deletion.service.ts). */
export const usersPersonalData: PersonalDataOwner = {
  module: 'users',
  tables: {
    users: ['id', 'email', 'name', 'password_hash', 'google_subject', 'external_photo_url'],
    user_photos: ['user_id', 'content'],
  },
};
