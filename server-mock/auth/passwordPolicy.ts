/**
 * The password policy: one rule for every place a password is chosen (self-registration, a
 * user added or edited by an administrator, one's own change, and a reset). Beyond the
 * spec's lengths (6 to 31), a password is refused when it is one character repeated, the
 * username (in any case, or reversed), or one of the commonly used passwords below (in any
 * case). A refused password's field error carries keyword `passwordPolicy` and the rule, which
 * the record form translates.
 */
import { badRequest } from '../http/apiError.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './authLimits.ts';

/** Passwords at the top of the published breach lists that fit the lengths (compared in lower case). */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '654321',
  '123123',
  '123321',
  '112233',
  '121212',
  '159753',
  '147258',
  '987654321',
  '666666',
  '888888',
  '000000',
  '111111',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'qwerty',
  'qwerty123',
  'qwertyuiop',
  'asdfgh',
  'asdfghjkl',
  'zxcvbn',
  '1q2w3e4r',
  '1qaz2wsx',
  'abc123',
  'abc12345',
  'iloveyou',
  'admin',
  'admin123',
  'admin@123',
  'administrator',
  'root123',
  'letmein',
  'welcome',
  'welcome1',
  'monkey',
  'dragon',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'master',
  'shadow',
  'superman',
  'trustno1',
  'changeme',
  'secret',
  'test123',
  'woaini',
  'woaini1314',
  '5201314',
  'a123456',
  'aa123456',
  'qq123456',
]);

const PASSWORD_LENGTH_MESSAGE = `The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`;
const PASSWORD_REPEATED_MESSAGE = 'The password cannot be one character repeated';
const PASSWORD_USERNAME_MESSAGE = 'The password cannot be the username';
const PASSWORD_COMMON_MESSAGE = 'The password is too common; choose another';

/** The rule of the policy a password breaks: the `rule` param of its field error (keyword `passwordPolicy`). */
type PasswordRule = 'length' | 'repeated' | 'username' | 'common';

const RULE_MESSAGES: Record<PasswordRule, string> = {
  length: PASSWORD_LENGTH_MESSAGE,
  repeated: PASSWORD_REPEATED_MESSAGE,
  username: PASSWORD_USERNAME_MESSAGE,
  common: PASSWORD_COMMON_MESSAGE,
};

/** The rule a password breaks, or undefined when it passes. */
function passwordRuleBroken(password: string, username?: string): PasswordRule | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return 'length';
  if (/^(.)\1*$/su.test(password)) return 'repeated';
  const lower = password.toLowerCase();
  const name = (username ?? '').trim().toLowerCase();
  if (name && (lower === name || lower === [...name].reverse().join(''))) return 'username';
  if (COMMON_PASSWORDS.has(lower)) return 'common';
  return undefined;
}

/** Why a password is refused, or undefined when it passes. */
export function passwordProblem(password: string, username?: string): string | undefined {
  const rule = passwordRuleBroken(password, username);
  return rule && RULE_MESSAGES[rule];
}

/**
 * Throws a 400 naming `field` when the password breaks the policy; its field error carries
 * keyword `passwordPolicy` and params `{rule}` (with `min` and `max` for the length).
 */
export function assertPasswordPolicy(password: string, username: string | undefined, field = 'password'): void {
  const rule = passwordRuleBroken(password, username);
  if (!rule) return;
  const params = rule === 'length' ? { rule, min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } : { rule };
  throw badRequest(RULE_MESSAGES[rule], [{ field, keyword: 'passwordPolicy', params, message: RULE_MESSAGES[rule] }]);
}
