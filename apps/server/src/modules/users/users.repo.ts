import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { entitlements, type UserRow, userPhotos, users } from '@/db/schema';

export async function findUserWithEntitlement(db: Database, userId: string) {
  const [row] = await db
    .select({ user: users, entitlement: entitlements, photoVersion: userPhotos.version })
    .from(users)
    .leftJoin(entitlements, eq(entitlements.userId, users.id))
    .leftJoin(userPhotos, eq(userPhotos.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function updateName(db: Database, userId: string, name: string) {
  await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function savePhoto(
  db: Database,
  userId: string,
  photo: { content: Buffer; contentType: string; version: string },
) {
  await db
    .insert(userPhotos)
    .values({ userId, ...photo })
    .onConflictDoUpdate({ target: userPhotos.userId, set: { ...photo, updatedAt: new Date() } });
}

export async function findPhoto(db: Database, userId: string) {
  const [photo] = await db.select().from(userPhotos).where(eq(userPhotos.userId, userId));
  return photo;
}

export async function findUsersByEmail(db: Database, email: string) {
  return db.select().from(users).where(eq(users.email, email));
}

export async function setRole(db: Database, userId: string, role: UserRow['role']) {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}
