import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './column-types';
import { users } from './users';

/** Uploaded profile photos, already re-encoded (WebP, at most 256 px, no metadata). */
export const userPhotos = pgTable('user_photos', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  contentType: text('content_type').notNull(),
  /** Changes with every upload; part of the photo URL so the URL can be cached for long. */
  version: text('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
