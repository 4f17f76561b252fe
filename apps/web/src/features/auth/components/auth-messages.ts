// Spec section 8 ("Authentication"): headings and fallbacks the auth pages show when a call fails.

export const LOGIN_ERROR_HEADING = 'There was an error when trying to log you in';
export const LOGIN_ERROR_FALLBACK =
  'An unexpected error occurred when attempting to login. Please try again later or contact support.';

export const FORGOT_ERROR_HEADING = 'Sorry, an error occurred';
export const FORGOT_ERROR_FALLBACK = 'An unexpected error occurred. Please try again later.';

/** The reset page uses the forgot page's heading and fallback. */
export const RESET_ERROR_HEADING = FORGOT_ERROR_HEADING;
export const RESET_ERROR_FALLBACK = FORGOT_ERROR_FALLBACK;
