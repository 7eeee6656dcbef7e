import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type MeResponse } from '@gabarita/shared';
import type { Database } from '@/db/client';
import type { UserRow } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { type AuthService, toSessionUser } from '@/modules/auth';
import { planOf } from '@/modules/entitlements';
import { normalizePhoto } from './photo';
import { photoUrlOf } from '@/lib/photo-url';
import { findPhoto, findUserWithEntitlement, savePhoto, updateName } from './users.repo';
import { authErrors, accountErrors } from '@/lib/app-errors';

/** Google accounts take name and photo from Google (docs/product-rules.md). */
function assertEditableProfile(user: UserRow) {
  if (user.provider === 'google') {
    throw authErrors.googleProfileReadOnly();
  }
}

export function createUsersService({
  db,
  auth,
  log,
}: {
  db: Database;
  auth: AuthService;
  log: FastifyBaseLogger;
}) {
  async function getMe(userId: string): Promise<MeResponse> {
    const row = await findUserWithEntitlement(db, userId);
    if (!row) throw AppError.common('auth/unauthenticated', 401);
    const { user, entitlement, photoVersion } = row;
    return {
      ...toSessionUser(user, entitlement, photoVersion),
      role: user.role,
      plan: planOf(entitlement ?? undefined),
      lastSeenAt: user.lastSeenAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
    };
  }

  return {
    getMe,

    async updateName(user: UserRow, name: string) {
      assertEditableProfile(user);
      await updateName(db, user.id, name);
      auth.sessionsChanged(user.id);
      return getMe(user.id);
    },

    async updatePhoto(user: UserRow, upload: { mimetype: string; content: Buffer }) {
      assertEditableProfile(user);
      const photo = upload.mimetype.startsWith('image/')
        ? await normalizePhoto(upload.content)
        : null;
      if (!photo) throw accountErrors.photoNotImage();
      const version = createHash('sha256').update(photo).digest('hex').slice(0, 16);
      await savePhoto(db, user.id, { content: photo, contentType: 'image/webp', version });
      auth.sessionsChanged(user.id);
      return { photoUrl: photoUrlOf(user, version)! };
    },

    async getOwnPhoto(user: UserRow, photoOwnerId: string) {
      const photo = user.id === photoOwnerId ? await findPhoto(db, user.id) : undefined;
      if (!photo) throw AppError.common('request/not-found', 404);
      return photo;
    },

    /** 'Alterar Senha': e-mails a reset link to a password account's own address. */
    async sendPasswordChangeLink(user: UserRow) {
      if (user.provider !== 'password') {
        throw authErrors.googleNoPassword();
      }
      if (!user.email) throw accountErrors.noEmail();
      try {
        await auth.sendPasswordChangeLink(user);
      } catch (error) {
        if (error instanceof AppError) throw error;
        log.error({ err: error, userId: user.id }, 'falha ao enviar o link de redefinição');
        throw accountErrors.sendFailed();
      }
      return { email: user.email };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
