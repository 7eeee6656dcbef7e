import type { UserRow } from '@/db/schema';

/** An uploaded photo (versioned URL, cacheable for long) wins over the picture Google gave. */
export function photoUrlOf(user: UserRow, photoVersion: string | null | undefined): string | null {
  if (photoVersion) return `/api/users/${user.id}/photo?v=${photoVersion}`;
  return user.externalPhotoUrl ?? null;
}
