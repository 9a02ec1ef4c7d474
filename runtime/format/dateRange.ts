import { DEFAULT_START_RANGE_MS } from '../constants/spec.ts';

/** The default search range: from 90 days (7776000000 ms) back until now. */
export function defaultStartRange(now: number = Date.now()): [Date, Date] {
  return [new Date(now - DEFAULT_START_RANGE_MS), new Date(now)];
}
