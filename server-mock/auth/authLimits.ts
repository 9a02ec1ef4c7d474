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
 * Wrong codes tried for a number (since its newest code was sent) after which every live code
 * of the number is void and a new one must be requested: with one code a minute, guessing a
 * 6-digit code takes months, not minutes.
 */
export const SMS_MAX_WRONG_CODES = 5;
/** Used and expired SMS codes are deleted after this long. */
export const SMS_CODE_RETENTION_MS = 24 * 60 * MINUTE_MS;

export const NO_TENANT_MESSAGE = 'There is no corresponding tenant for this user';
export const WRONG_CREDENTIALS_MESSAGE = 'Wrong username or password';
export const WRONG_SMS_CODE_MESSAGE = 'The SMS code is wrong or has expired';
export const DISABLED_MESSAGE = 'The account is disabled';
export const OLD_PASSWORD_WRONG_MESSAGE = 'The old password is incorrect';
