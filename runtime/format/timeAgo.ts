import { DAY_SECONDS, HOUR_SECONDS, JUST_NOW_SECONDS, TWO_DAYS_SECONDS } from '../constants/spec.ts';
import { parseTime, toDate, type TimeInput } from './parseTime.ts';

function pluralize(count: number, label: string): string {
  return count === 1 ? `${count}${label}` : `${count}${label}s`;
}

/** "5 minutes", "1 hour", "3 days": the elapsed time in the largest whole unit (seconds are timestamps). */
export function timeAgo(time: number, now: number = Date.now() / 1000): string {
  const between = now - time;
  if (between < HOUR_SECONDS) return pluralize(Math.trunc(between / 60), ' minute');
  if (between < DAY_SECONDS) return pluralize(Math.trunc(between / HOUR_SECONDS), ' hour');
  return pluralize(Math.trunc(between / DAY_SECONDS), ' day');
}

export type RelativeTimeLocale = 'zh' | 'tw' | 'en';

const PHRASES: Record<
  RelativeTimeLocale,
  { justNow: string; minutes: (n: number) => string; hours: (n: number) => string; oneDay: string; date: string }
> = {
  zh: { justNow: '刚刚', minutes: (n) => `${n}分钟前`, hours: (n) => `${n}小时前`, oneDay: '1天前', date: '{m}月{d}日{h}时{i}分' },
  tw: { justNow: '剛剛', minutes: (n) => `${n}分鐘前`, hours: (n) => `${n}小時前`, oneDay: '1天前', date: '{m}月{d}日{h}時{i}分' },
  en: {
    justNow: 'just now',
    minutes: (n) => `${n} minute${n === 1 ? '' : 's'} ago`,
    hours: (n) => `${n} hour${n === 1 ? '' : 's'} ago`,
    oneDay: '1 day ago',
    date: '{y}-{m}-{d} {h}:{i}',
  },
};

/**
 * Relative time: under 30 s "just now", under an hour minutes ago, under a day hours ago,
 * under two days "1 day ago", otherwise the date (with `pattern` when given). Chinese by default.
 */
export function formatRelativeTime(time: TimeInput, options: { now?: number; pattern?: string; locale?: RelativeTimeLocale } = {}): string {
  const date = toDate(time);
  if (!date) return '';
  const phrases = PHRASES[options.locale ?? 'zh'];
  const now = options.now ?? Date.now();
  const diff = (now - date.getTime()) / 1000;
  if (diff < JUST_NOW_SECONDS) return phrases.justNow;
  if (diff < HOUR_SECONDS) return phrases.minutes(Math.ceil(diff / 60));
  if (diff < DAY_SECONDS) return phrases.hours(Math.ceil(diff / HOUR_SECONDS));
  if (diff < TWO_DAYS_SECONDS) return phrases.oneDay;
  return parseTime(date, options.pattern ?? phrases.date) ?? '';
}
