/** What a failed account call means for the self-service pages (pure). */
import { ApiError } from '../../http/apiError.ts';

export type AccountFailure =
  'captcha' | 'captchaExpired' | 'duplicate' | 'unknownTenant' | 'closedTenant' | 'password' | 'resetCode' | 'invalid' | 'other';

interface FailureBody {
  message?: string;
  errors?: { field?: string; message?: string }[];
}

/**
 * The kind of failure, the server's message and, for a password the policy refuses
 * ('password') or a wrong reset code ('resetCode'), the field it names: the page shows the
 * server's message on that field.
 */
export function accountFailure(err: unknown): { kind: AccountFailure; message: string; field?: string } {
  if (!(err instanceof ApiError)) return { kind: 'other', message: err instanceof Error ? err.message : String(err) };
  const body = (err.body ?? {}) as FailureBody;
  const status = err.httpStatus ?? err.code;
  const message = body.message ?? err.message;
  const fields = (body.errors ?? []).map((e) => e.field);
  if (status === 409) return { kind: 'duplicate', message };
  if (fields.includes('charCaptcha')) return { kind: /expired|used/i.test(message) ? 'captchaExpired' : 'captcha', message };
  if (/unknown tenant/i.test(message)) return { kind: 'unknownTenant', message };
  if (fields.includes('tenantCode')) return { kind: 'closedTenant', message };
  const passwordField = fields.find((f) => f === 'password' || f === 'newPassword');
  if (status === 400 && passwordField) return { kind: 'password', message, field: passwordField };
  if (status === 400 && fields.includes('code')) return { kind: 'resetCode', message, field: 'code' };
  if (status === 400) return { kind: 'invalid', message };
  return { kind: 'other', message };
}
