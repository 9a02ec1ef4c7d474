/**
 * When a job fires (docs/jobs.md): its time expression checked when it is saved, and the next
 * firing after one that is due. CRON expressions are read by croner, seconds first (six fields;
 * five fields mean minute precision), in the tenant's time zone (parameter `job.timeZone`, an
 * IANA name, default UTC). Quartz's `0/5` steps are read as `0-59/5`. Fixed rate and fixed
 * delay are milliseconds, at least MIN_INTERVAL_MS.
 *
 * Misfires: a job whose firing fell due while no server ran fires once when one starts, and
 * then at its next time after now; the firings missed in between are not made up.
 */
import { Cron } from 'croner';
import { LruCache } from '../db/lruCache.ts';

export type TimeType = 'API' | 'CRON' | 'FIXED_RATE' | 'FIXED_DELAY' | 'WORKFLOW';

/** The shortest fixed rate or delay (ms). */
const MIN_INTERVAL_MS = 1000;
/** The longest fixed rate or delay (ms): 31 days. */
const MAX_INTERVAL_MS = 31 * 24 * 3600 * 1000;
/** The tenant parameter naming the time zone CRON expressions are read in. */
export const TIME_ZONE_PARAM = 'job.timeZone';
export const DEFAULT_TIME_ZONE = 'UTC';

/** A refused time expression: the message names what is wrong. */
export class ScheduleError extends Error {}

/** Highest value of each field of a six-field CRON expression (second first), for Quartz's `n/step`. */
const FIELD_MAX = [59, 59, 23, 31, 12, 7];

/** Quartz's `n/step` (from n, every step) as croner's `n-max/step`. */
function croner(expression: string): string {
  const fields = expression.trim().split(/\s+/);
  const offset = fields.length === 5 ? 1 : 0;
  return fields
    .map((f, i) => f.replace(/^(\d+)\/(\d+)$/, (_, from: string, step: string) => `${from}-${FIELD_MAX[i + offset] ?? 59}/${step}`))
    .join(' ');
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Parsed CRON expressions by expression and time zone: a parse costs more than finding the next firing. */
/** Most parsed expressions kept (jobs of the same expression and zone share one). */
const PARSED_EXPRESSIONS = 1000;
const parsed = new LruCache<string, Cron>('CRON expressions', PARSED_EXPRESSIONS);

function cron(expression: string, timeZone: string): Cron {
  const key = `${timeZone}\u0000${expression}`;
  const known = parsed.get(key);
  if (known) return known;
  try {
    const compiled = new Cron(croner(expression), { timezone: timeZone, paused: true });
    parsed.set(key, compiled);
    return compiled;
  } catch (err) {
    const reason = err instanceof Error ? err.message.replace(/^CronPattern: /, '') : String(err);
    throw new ScheduleError(`The CRON expression "${expression}" does not parse: ${reason}`);
  }
}

function interval(type: TimeType, expression: string | null | undefined): number {
  const what = type === 'FIXED_RATE' ? 'fixed rate' : 'fixed delay';
  const text = (expression ?? '').trim();
  if (!/^\d+$/.test(text)) throw new ScheduleError(`A ${what} is a whole number of milliseconds, not "${text}"`);
  const ms = Number(text);
  if (ms < MIN_INTERVAL_MS || ms > MAX_INTERVAL_MS)
    throw new ScheduleError(`A ${what} of ${ms} ms is refused: it must be from ${MIN_INTERVAL_MS} to ${MAX_INTERVAL_MS} ms`);
  return ms;
}

/** Check a job's time expression; throws a ScheduleError that says what is wrong. */
export function checkSchedule(type: TimeType, expression: string | null | undefined, timeZone = DEFAULT_TIME_ZONE): void {
  if (type === 'CRON') {
    if (!expression?.trim()) throw new ScheduleError('A CRON job needs a CRON expression');
    if (!cron(expression, timeZone).nextRun()) throw new ScheduleError(`The CRON expression "${expression}" never fires`);
  }
  if (type === 'FIXED_RATE' || type === 'FIXED_DELAY') interval(type, expression);
}

export interface Schedule {
  timeExpressionType: TimeType;
  timeExpression: string | null;
}

/**
 * The first firing of a job saved (or enabled) at `now`: CRON's next time, now plus the rate
 * or delay; none for API and workflow jobs (fired by a call, or by their workflow).
 */
export function firstFiring(job: Schedule, now: Date, timeZone: string): Date | null {
  switch (job.timeExpressionType) {
    case 'CRON':
      return cron(job.timeExpression ?? '', timeZone).nextRun(now);
    case 'FIXED_RATE':
    case 'FIXED_DELAY':
      return new Date(now.getTime() + interval(job.timeExpressionType, job.timeExpression));
    default:
      return null;
  }
}

/**
 * The firing after one expected at `expected` and made at `now` (a misfire fires once: the
 * next is after now). A fixed-delay job has none until its instance ends (`afterRun`).
 */
export function nextFiring(job: Schedule, expected: Date, now: Date, timeZone: string): Date | null {
  const from = expected > now ? expected : now;
  switch (job.timeExpressionType) {
    case 'CRON':
      return cron(job.timeExpression ?? '', timeZone).nextRun(from);
    case 'FIXED_RATE': {
      const rate = interval('FIXED_RATE', job.timeExpression);
      const late = Math.max(0, now.getTime() - expected.getTime());
      return new Date(expected.getTime() + (Math.floor(late / rate) + 1) * rate);
    }
    default:
      return null;
  }
}

/** The firing of a fixed-delay job after its instance ended at `end`. */
export function afterRun(job: Schedule, end: Date): Date | null {
  return job.timeExpressionType === 'FIXED_DELAY' ? new Date(end.getTime() + interval('FIXED_DELAY', job.timeExpression)) : null;
}
