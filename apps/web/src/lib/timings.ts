/** Timers of spec section 9. */

/** Profile and account status messages disappear after this long. */
export const STATUS_MESSAGE_MS = 3_000;

/** After a password reset the page sends the user to /login after this long. */
export const RESET_REDIRECT_MS = 5_000;
