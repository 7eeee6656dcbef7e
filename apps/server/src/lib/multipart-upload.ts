import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** How a route words the refusals of its upload. */
export interface UploadRefusals {
  /** The form has no file. */
  missing: () => AppError;
  /** The file passes the route's limit. */
  tooLarge: () => AppError;
  /** The body is not well-formed multipart: no boundary, cut short, a broken part. */
  malformed: () => AppError;
  /** The request is not multipart at all; `missing` when not given. */
  notMultipart?: () => AppError;
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * The one file of a multipart upload, handed to `read` (which buffers it, or streams it to disk).
 * Whatever the multipart reader finds wrong with the body, before `read` or while it reads, is the
 * client's doing and answers the route's refusal (4xx), never 500. A failure of `read`'s own work
 * (a full disk) stays a server error.
 */
export async function readUploadedFile<T>(
  request: FastifyRequest,
  limits: { maxBytes: number },
  refusals: UploadRefusals,
  read: (file: MultipartFile) => Promise<T>,
): Promise<T> {
  let file: MultipartFile | undefined;
  try {
    file = await request.file({ limits: { fileSize: limits.maxBytes, files: 1 } });
  } catch (error) {
    // Nothing of ours has run yet: whatever went wrong is in the body.
    throw refusal(request, error, refusals);
  }
  if (!file) throw refusals.missing();
  const stream = file.file;
  // The reader errors the file's stream when the body breaks off or a part is malformed, possibly
  // before `read` starts (`errored` keeps that one).
  let broken: unknown = stream.errored ?? undefined;
  stream.on('error', (error) => {
    broken ??= error;
  });
  try {
    const result = await read(file);
    if (stream.truncated) throw refusals.tooLarge();
    return result;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (codeOf(error) === 'FST_REQ_FILE_TOO_LARGE') throw refusals.tooLarge();
    broken ??= stream.errored ?? undefined;
    if (broken !== undefined) throw refusal(request, broken, refusals);
    throw error;
  }
}

function refusal(request: FastifyRequest, error: unknown, refusals: UploadRefusals): AppError {
  if (error instanceof AppError) return error;
  const code = codeOf(error);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return (refusals.notMultipart ?? refusals.missing)();
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') return refusals.tooLarge();
  request.log.info({ err: error }, 'envio multipart malformado');
  return refusals.malformed();
}
