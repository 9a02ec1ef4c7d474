/** The numbers and fixed messages of sign-in and session handling, in one place. */

const MINUTE_MS = 60_000;

/** Failed password sign-ins within FAILURE_WINDOW_MS that lock an account. */
export const MAX_FAILED_SIGN_INS = 5;
export const FAILURE_WINDOW_MS = 15 * MINUTE_MS;
/** How long a lock lasts, from the failure that caused it. */
export const LOCK_MS = 15 * MINUTE_MS;

export const SMS_CODE_DIGITS = 6;
export const SMS_CODE_TTL_MS = 5 * MINUTE_MS;
/** At most one code per number in this interval. */
export const SMS_RESEND_INTERVAL_MS = MINUTE_MS;
/**
 * Wrong codes tried for a number within SMS_WRONG_CODE_WINDOW_MS (whatever code they were
 * tried against) after which the number's live code is void and no code is accepted until the
 * window has passed: 5 guesses a quarter of an hour at a 6-digit code.
 */
export const SMS_MAX_WRONG_CODES = 5;
/** Used and expired SMS codes are deleted after this long. */
export const SMS_CODE_RETENTION_MS = 24 * 60 * MINUTE_MS;

export const WRONG_CREDENTIALS_MESSAGE = 'Wrong username or password';
export const WRONG_SMS_CODE_MESSAGE = 'The SMS code is wrong or has expired';
export const DISABLED_MESSAGE = 'The account is disabled';
export const OLD_PASSWORD_WRONG_MESSAGE = 'The old password is incorrect';

/**
 * Wrong SMS codes for one number counted over this window, whatever code they were tried
 * against: a new code does not give new tries.
 */
export const SMS_WRONG_CODE_WINDOW_MS = 15 * MINUTE_MS;

/** Password reset (retrievePassword mails a code, resetPassword uses it). */
export const RESET_CODE_TTL_MS = 30 * MINUTE_MS;
/** At most one reset mail per account in this interval (more requests answer alike and send nothing). */
export const RESET_RESEND_INTERVAL_MS = MINUTE_MS;
/** Wrong codes tried for an account's pending reset after which it is void. */
export const RESET_MAX_WRONG_CODES = 5;
export const RESET_CODE_WRONG_MESSAGE = 'The reset code is wrong or has expired; request a new one if needed';

/** Password lengths (spec 5, "6 to 31" of the English text; the inputs hold at most 31). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 31;

/** Per-address (IP) rate limits of the public sign-in and account calls: requests per window. */
export const SIGN_IN_RATE_WINDOW_MS = MINUTE_MS;
export const DEFAULT_SIGN_IN_RATE_LIMIT = 60;
export const SMS_RATE_WINDOW_MS = 60 * MINUTE_MS;
export const DEFAULT_SMS_RATE_LIMIT = 10;
export const ACCOUNT_RATE_WINDOW_MS = 15 * MINUTE_MS;
export const DEFAULT_ACCOUNT_RATE_LIMIT = 30;
export const RATE_LIMITED_MESSAGE = 'Too many requests from this address; try again later';
