import { parseTime, type TimeInput } from './parseTime.ts';

/** year-month-day hour:minute:second; a dash stays a dash; empty gives an empty string. */
export function formatDate(time: TimeInput): string {
  if (time === '-') return '-';
  return parseTime(time) ?? '';
}

/** year-month-day; a dash stays a dash; empty gives undefined. */
export function transformTime(time: TimeInput): string | undefined {
  if (time === '-') return '-';
  return parseTime(time, '{y}-{m}-{d}');
}
