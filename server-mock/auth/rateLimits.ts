/**
 * Per-address (IP) rate limits of the public sign-in and account calls, as route options of
 * @fastify/rate-limit (registered for these routes only, server-mock/app/buildServer.ts).
 * They sit in front of the per-account rules (lockout, one SMS code a minute per number, one
 * reset mail a minute per account): those stop guessing one account's secret; these stop one
 * address from walking through many accounts (locking them all, mailing them all).
 *
 * The counters are kept per process in memory (the plugin's LRU store): with several
 * processes behind a load balancer each process allows the limit.
 */
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { CallDef } from '../../schemas/registry/types.ts';
import type { ServerConfig } from '../config/config.ts';
import { ApiError } from '../http/apiError.ts';
import { ACCOUNT_RATE_WINDOW_MS, RATE_LIMITED_MESSAGE, SIGN_IN_RATE_WINDOW_MS, SMS_RATE_WINDOW_MS } from './authLimits.ts';

/** Calls by handler name, and which limit they share. */
const LIMITED: Record<string, 'signIn' | 'sms' | 'account'> = {
  'auth.token': 'signIn',
  'auth.queryTenantUser': 'signIn',
  // a worker's registration checks an app client's secret, as a sign-in does
  'jobs.workerRegister': 'signIn',
  'auth.smsCaptcha': 'sms',
  'account.compareCaptcha': 'account',
  'account.retrievePassword': 'account',
  'account.resetPassword': 'account',
  'account.register': 'account',
};

/** The rate limit of a call, or undefined for a call without one. */
export function callRateLimit(call: CallDef, config: ServerConfig): RateLimitOptions | undefined {
  const kind = LIMITED[call.handler];
  if (!kind) return undefined;
  const { max, timeWindow } =
    kind === 'signIn'
      ? { max: config.signInRateLimit, timeWindow: SIGN_IN_RATE_WINDOW_MS }
      : kind === 'sms'
        ? { max: config.smsRateLimit, timeWindow: SMS_RATE_WINDOW_MS }
        : { max: config.accountRateLimit, timeWindow: ACCOUNT_RATE_WINDOW_MS };
  return {
    max,
    timeWindow,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new ApiError(429, `${RATE_LIMITED_MESSAGE} (in ${seconds} second${seconds === 1 ? '' : 's'})`);
    },
  };
}
