/** The numbers of sign-in and session handling, in one place. */

/** Failed password sign-ins within FAILURE_WINDOW_MS that lock an account. */
export const MAX_FAILED_SIGN_INS = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** How long a lock lasts, from the failure that caused it. */
export const LOCK_MS = 15 * 60_000;

export const SMS_CODE_DIGITS = 6;
export const SMS_CODE_TTL_MS = 5 * 60_000;
/** At most one code per number in this interval. */
export const SMS_RESEND_INTERVAL_MS = 60_000;

export const NO_TENANT_MESSAGE = 'There is no corresponding tenant for this user';
export const WRONG_CREDENTIALS_MESSAGE = 'Wrong username or password';
