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

/**
 * A day (a `format: date` value, `yyyy-mm-dd`) as yyyy-mm-dd: the text as sent, never moved by
 * the browser's time zone; a timestamp sent for a day gives its UTC day. Empty gives an empty string.
 */
export function formatDay(day: TimeInput): string {
  if (day === '-') return '-';
  if (typeof day === 'string') {
    const m = /^(\d{4}-\d{2}-\d{2})(T.*)?$/.exec(day);
    if (m && !m[2]) return m[1]!;
    const t = m ? Date.parse(day) : NaN;
    if (!Number.isNaN(t)) return new Date(t).toISOString().slice(0, 10);
  }
  return transformTime(day) ?? '';
}
