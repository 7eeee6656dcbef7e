import type { FastifyRequest } from 'fastify';
import { accountErrors } from '@/lib/app-errors';
import { AppError } from '@/lib/errors';
import { readUploadedFile } from '@/lib/multipart-upload';

/** The one file of a multipart photo upload, read whole. */
export function readPhotoUpload(request: FastifyRequest, maxBytes: number) {
  return readUploadedFile(
    request,
    { maxBytes },
    {
      missing: accountErrors.photoNotImage,
      tooLarge: accountErrors.photoTooLarge,
      malformed: accountErrors.photoInvalidUpload,
      notMultipart: () => AppError.common('request/unsupported-media-type', 415),
    },
    async (file) => ({ mimetype: file.mimetype, content: await file.toBuffer() }),
  );
}
