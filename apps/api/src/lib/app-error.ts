/**
 * The one error type business code throws. The error handler turns it into
 * `{ error: { message, code, fields? } }` with `status`; the message is shown to users, so write it for them.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export const badRequest = (message: string, fields?: Record<string, string>, code = 'bad_request') =>
  new AppError(code, 400, message, fields);

export const validationFailed = (fields: Record<string, string>, message = VALIDATION_MESSAGE) =>
  new AppError('validation_failed', 400, message, fields);

export const unauthorized = (message = 'You need to sign in to do that.', code = 'unauthorized') =>
  new AppError(code, 401, message);

export const forbidden = (message = 'You are not allowed to do that.', code = 'forbidden') =>
  new AppError(code, 403, message);

export const notFound = (message = 'The requested resource was not found.', code = 'not_found') =>
  new AppError(code, 404, message);

export const conflict = (message: string, code = 'conflict', fields?: Record<string, string>) =>
  new AppError(code, 409, message, fields);

export const VALIDATION_MESSAGE =
  'Some of the details you entered are not valid. Please check them and try again.';
export const INTERNAL_ERROR_MESSAGE = 'An unexpected error occurred.';
export const MAINTENANCE_MESSAGE = 'Service is currently unavailable due to maintenance.';
export const CSRF_MESSAGE =
  'Your session security token is missing or invalid. Please refresh the page and try again.';
