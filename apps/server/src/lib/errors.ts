import { COMMON_ERROR_MESSAGES, type CommonErrorCode } from '@gabarita/shared';

/** The one error type services throw; the error handler turns it into the JSON error envelope. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    /** Per-field messages, for a form to show each beside its field. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static common(code: CommonErrorCode, statusCode: number): AppError {
    return new AppError(code, statusCode, COMMON_ERROR_MESSAGES[code]);
  }
}
