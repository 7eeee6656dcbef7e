import type { FastifyRequest } from 'fastify';
import { AppError } from '@/lib/errors';
import { accountErrors } from '@/lib/app-errors';

/**
 * The one file of a multipart photo upload. A malformed body (no boundary, a truncated part, not
 * multipart at all) is the client's fault and answers 400/415, never 500.
 */
export async function readPhotoUpload(request: FastifyRequest, maxBytes: number) {
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!file) throw accountErrors.photoNotImage();
    return { mimetype: file.mimetype, content: await file.toBuffer() };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw accountErrors.photoTooLarge();
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw AppError.common('request/unsupported-media-type', 415);
    }
    request.log.info({ err: error }, 'upload de foto malformado');
    throw accountErrors.photoInvalidUpload();
  }
}
