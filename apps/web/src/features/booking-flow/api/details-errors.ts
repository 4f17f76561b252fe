import { type MessageRule, NO_ANSWER } from '@/lib/api-client';

/** Spec section 8: the banner heading of a failed step-2 save, for either form. */
export const DETAILS_ERROR_TITLE = 'There was an error with your details';
/** Spec section 8: a failed save whose answer carried no message of its own. */
export const DETAILS_SAVE_FAILED = 'There was an error saving your details';

/** The fallback of a step-2 save that never got an answer, quoting the form's error code (ERR-022, ERR-021). */
export function detailsFallbackMessage(code: 'ERR-022' | 'ERR-021'): string {
  return `An unexpected error occurred, please try again. If the problem persists, please contact us quoting ${code}.`;
}

/** A step-2 save's banner: no answer shows the form's ERR fallback; an answer without a message says so. */
export const DETAILS_MESSAGE_RULE: MessageRule = {
  ignoreStatuses: [NO_ANSWER],
  withoutMessage: DETAILS_SAVE_FAILED,
};
