import { ApiError } from '../../../lib/api-client';

/** Spec section 8: the banner heading of a failed step-2 save, for either form. */
export const DETAILS_ERROR_TITLE = 'There was an error with your details';
/** Spec section 8: a failed save whose answer carried no message of its own. */
export const DETAILS_SAVE_FAILED = 'There was an error saving your details';

/** The fallback of a step-2 save that never got an answer, quoting the form's error code (ERR-022, ERR-021). */
export function detailsFallbackMessage(code: 'ERR-022' | 'ERR-021'): string {
  return `An unexpected error occurred, please try again. If the problem persists, please contact us quoting ${code}.`;
}

/**
 * What the banner says: the server's message; 'There was an error saving your details' for an answer without one;
 * the ERR fallback when there was no answer at all (network down) or something unexpected was thrown.
 */
export function detailsErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  return error.message.trim() ? error.message : DETAILS_SAVE_FAILED;
}

/** Per-field messages of a refused save (`fields`, and `param` naming the main field), keyed by body path. */
export function detailsFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fields ?? {})) {
    const text = Array.isArray(message) ? message[0] : message;
    if (text) fields[path] = text;
  }
  if (error.param && error.message && !fields[error.param]) fields[error.param] = error.message;
  return fields;
}
