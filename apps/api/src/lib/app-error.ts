import type { ApiErrorCode } from '@links/shared/schemas/envelope';

/**
 * The one error type business code throws. The error handler turns it into
 * `{ error: { message, code, fields? } }` with `status`; the message is shown to users, so write it for them.
 */
export class AppError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;

  constructor(code: ApiErrorCode, status: number, message: string, fields?: Record<string, string>) {
    // An answer below 500 is the client's to mend, never logged as a fault: capturing its stack (tens of
    // microseconds, on every lost race for a tee time) would be for nothing. Faults keep theirs.
    const stackTraceLimit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    if (fields !== undefined) this.fields = fields;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export const badRequest = (
  message: string,
  fields?: Record<string, string>,
  code: ApiErrorCode = 'bad_request',
) => new AppError(code, 400, message, fields);

export const validationFailed = (fields: Record<string, string>, message = VALIDATION_MESSAGE) =>
  new AppError('validation_failed', 400, message, fields);

export const unauthorized = (
  message = 'You need to sign in to do that.',
  code: ApiErrorCode = 'unauthorized',
) => new AppError(code, 401, message);

export const forbidden = (message = 'You are not allowed to do that.', code: ApiErrorCode = 'forbidden') =>
  new AppError(code, 403, message);

export const notFound = (
  message = 'The requested resource was not found.',
  code: ApiErrorCode = 'not_found',
) => new AppError(code, 404, message);

export const conflict = (message: string, code: ApiErrorCode = 'conflict', fields?: Record<string, string>) =>
  new AppError(code, 409, message, fields);

export const VALIDATION_MESSAGE =
  'Some of the details you entered are not valid. Please check them and try again.';
export const INTERNAL_ERROR_MESSAGE = 'An unexpected error occurred.';
export const MAINTENANCE_MESSAGE = 'Service is currently unavailable due to maintenance.';
export const CSRF_MESSAGE =
  'Your session security token is missing or invalid. Please refresh the page and try again.';
