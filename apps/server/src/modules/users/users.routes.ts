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
import { signedIn } from '@/plugins/access';
import type { UsersService } from './users.service';
import { readPhotoUpload } from './photo-upload';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.get(
    '/me',
    { config: { access: 'user' }, schema: { response: { 200: meResponseSchema } } },
    async (request) => users.getMe(signedIn(request).user.id),
  );

  app.patch(
    '/me',
    {
      config: { access: 'user', unauthenticatedMessage: AUTH_MESSAGES.nameNotSignedIn },
      schema: { body: updateNameRequestSchema, response: { 200: meResponseSchema } },
    },
    async (request) => users.updateName(signedIn(request).user, request.body.name),
  );

  app.put(
    '/me/photo',
    {
      config: { access: 'user', unauthenticatedMessage: AUTH_MESSAGES.photoNotSignedIn },
      schema: { response: { 200: photoResponseSchema } },
    },
    async (request) =>
      users.updatePhoto(
        signedIn(request).user,
        await readPhotoUpload(request, PHOTO_UPLOAD_MAX_BYTES),
      ),
  );

  // Photos are shown only to their owner (docs/product-rules.md): another id answers 404.
  app.get(
    '/users/:id/photo',
    { config: { access: 'user' }, schema: { params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const photo = await users.getOwnPhoto(signedIn(request).user, request.params.id);
      // The URL carries the photo's version, so the owner's browser may keep it as long as it likes.
      return reply
        .type(photo.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('etag', `"${photo.version}"`)
        .send(photo.content);
    },
  );

  app.post(
    '/me/password-change-link',
    { config: { access: 'user' }, schema: { response: { 200: emailResponseSchema } } },
    async (request) => users.sendPasswordChangeLink(signedIn(request).user),
  );
};
