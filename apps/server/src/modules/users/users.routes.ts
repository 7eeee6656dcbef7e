import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  emailResponseSchema,
  meResponseSchema,
  photoResponseSchema,
  PHOTO_UPLOAD_MAX_BYTES,
  updateNameRequestSchema,
} from '@gabarita/shared';
import { AppError } from '../../lib/errors';
import { NOT_SIGNED_IN_FOR, requireSession } from '../auth/session.plugin';
import type { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.get('/me', { schema: { response: { 200: meResponseSchema } } }, async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(await users.getMe(requireSession(request).user.id)),
  );

  app.patch(
    '/me',
    { schema: { body: updateNameRequestSchema, response: { 200: meResponseSchema } } },
    async (request) =>
      users.updateName(requireSession(request, NOT_SIGNED_IN_FOR.name).user, request.body.name),
  );

  app.put('/me/photo', { schema: { response: { 200: photoResponseSchema } } }, async (request) => {
    const { user } = requireSession(request, NOT_SIGNED_IN_FOR.photo);
    const file = await request.file({ limits: { fileSize: PHOTO_UPLOAD_MAX_BYTES, files: 1 } });
    if (!file) throw new AppError('photo/not-image', 400, AUTH_MESSAGES.photoNotImage);
    const content = await file.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('photo/too-large', 413, AUTH_MESSAGES.photoTooLarge);
      }
      throw error;
    });
    return users.updatePhoto(user, { mimetype: file.mimetype, content });
  });

  app.get(
    '/users/:id/photo',
    { schema: { params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      requireSession(request);
      const photo = await users.getPhoto(request.params.id);
      if (!photo) throw AppError.common('request/not-found', 404);
      // The URL carries the photo's version, so a browser may keep it as long as it likes.
      return reply
        .type(photo.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('etag', `"${photo.version}"`)
        .send(photo.content);
    },
  );

  app.post(
    '/me/password-change-link',
    { schema: { response: { 200: emailResponseSchema } } },
    async (request) => users.sendPasswordChangeLink(requireSession(request).user),
  );
};
