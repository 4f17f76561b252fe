// Spec section 8 ("Account").
export const ACCOUNT_LOAD_ERROR = 'Oh no, there was an error loading your data';
export const ACCOUNT_SAVE_ERROR_HEADING = 'There was an error when saving your details';
export const ACCOUNT_SAVE_SUCCESS = 'Your account details were successfully updated!';
export const PASSWORD_ERROR_HEADING = 'There was an error updating your account';
export const PASSWORD_SUCCESS = 'Your password was successfully updated!';
/** Under either heading when the answer carried no message of its own. */
export const ACCOUNT_ERROR_FALLBACK = 'An unexpected error occurred. Please try again later.';
/** Issue 24: an operator signed in with the one-time password the resort gave them. */
export const CHOOSE_PASSWORD_TITLE = 'Choose your own password';
export const CHOOSE_PASSWORD_TEXT =
  'You signed in with the one-time password our reservations team gave you. Choose your own password below before you book: the one-time password stops working once you do.';
