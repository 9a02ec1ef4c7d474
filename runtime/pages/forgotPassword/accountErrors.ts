/** What a failed account call means for the self-service pages (pure). */
import { ApiError } from '../../http/apiError.ts';

export type AccountFailure = 'captcha' | 'captchaExpired' | 'duplicate' | 'unknownTenant' | 'invalid' | 'other';

interface FailureBody {
  message?: string;
  errors?: { field?: string; message?: string }[];
}

export function accountFailure(err: unknown): { kind: AccountFailure; message: string } {
  if (!(err instanceof ApiError)) return { kind: 'other', message: err instanceof Error ? err.message : String(err) };
  const body = (err.body ?? {}) as FailureBody;
  const status = err.httpStatus ?? err.code;
  const message = body.message ?? err.message;
  const fields = (body.errors ?? []).map((e) => e.field);
  if (status === 409) return { kind: 'duplicate', message };
  if (fields.includes('charCaptcha')) return { kind: /expired|used/i.test(message) ? 'captchaExpired' : 'captcha', message };
  if (fields.includes('tenantCode') || /unknown tenant/i.test(message)) return { kind: 'unknownTenant', message };
  if (status === 400) return { kind: 'invalid', message };
  return { kind: 'other', message };
}
