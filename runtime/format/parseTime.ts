import { SECONDS_TIMESTAMP_DIGITS } from '../constants/spec.ts';

export type TimeInput = Date | number | string | null | undefined;

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/** Turns a Date, a timestamp (10 digits = seconds) or a date string into a Date; undefined when not a time. */
export function toDate(time: TimeInput): Date | undefined {
  if (time === null || time === undefined || time === '') return undefined;
  if (time instanceof Date) return Number.isNaN(time.getTime()) ? undefined : time;
  let value: number | string = time;
  if (typeof value === 'string') {
    if (/^\d+$/.test(value)) value = Number(value);
    else {
      // "2026-01-02 03:04:05" is parsed as local time, as users typed it.
      const d = new Date(value.includes('T') ? value : value.replace(/-/g, '/'));
      return Number.isNaN(d.getTime()) ? undefined : d;
    }
  }
  if (String(Math.trunc(value)).length === SECONDS_TIMESTAMP_DIGITS) value *= 1000;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Formats a time with `{y}-{m}-{d} {h}:{i}:{s}` placeholders ({a} is the Chinese weekday).
 * Returns undefined for an empty or invalid input.
 */
export function parseTime(time: TimeInput, pattern = '{y}-{m}-{d} {h}:{i}:{s}'): string | undefined {
  const date = toDate(time);
  if (!date) return undefined;
  const parts: Record<string, string> = {
    y: String(date.getFullYear()),
    m: pad(date.getMonth() + 1),
    d: pad(date.getDate()),
    h: pad(date.getHours()),
    i: pad(date.getMinutes()),
    s: pad(date.getSeconds()),
    a: WEEKDAYS[date.getDay()] ?? '',
  };
  return pattern.replace(/{([ymdhisa])+}/g, (_, key: string) => parts[key] ?? '');
}
