import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@gabarita/shared';
import { AppError } from '../../lib/errors';

/**
 * The one file of a multipart photo upload. A malformed body (no boundary, a truncated part, not
 * multipart at all) is the client's fault and answers 400/415, never 500.
 */
export async function readPhotoUpload(request: FastifyRequest, maxBytes: number) {
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!file) throw new AppError('photo/not-image', 400, AUTH_MESSAGES.photoNotImage);
    return { mimetype: file.mimetype, content: await file.toBuffer() };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('photo/too-large', 413, AUTH_MESSAGES.photoTooLarge);
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw AppError.common('request/unsupported-media-type', 415);
    }
    request.log.info({ err: error }, 'upload de foto malformado');
    throw new AppError('photo/invalid-upload', 400, AUTH_MESSAGES.photoUploadInvalid);
  }
}
