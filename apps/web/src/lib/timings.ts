/** Timers on screen (docs/product-rules.md, "Timers on screen"). */

/** Profile and account status messages disappear after this long. */
export const STATUS_MESSAGE_MS = 3_000;

/** After a password reset the page sends the user to /login after this long. */
export const RESET_REDIRECT_MS = 5_000;

/** A confirmed payment sends the user to /conta after this long. */
export const PAID_REDIRECT_MS = 3_000;
