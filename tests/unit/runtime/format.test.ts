import { describe, it, expect } from 'vitest';
import { formatDate, transformTime } from '../../../runtime/format/formatDate.ts';
import { parseTime, toDate } from '../../../runtime/format/parseTime.ts';
import { formatRelativeTime, timeAgo } from '../../../runtime/format/timeAgo.ts';
import { abbreviateNumber, isNumberString, toThousands, uppercaseFirst } from '../../../runtime/format/numberFormat.ts';
import { defaultStartRange } from '../../../runtime/format/dateRange.ts';
import { isExternal } from '../../../runtime/format/isExternal.ts';

const local = new Date(2026, 0, 2, 3, 4, 5); // 2026-01-02 03:04:05 local time

describe('formatDate / transformTime', () => {
  it('gives year-month-day hour:minute:second', () => {
    expect(formatDate(local)).toBe('2026-01-02 03:04:05');
    expect(formatDate(local.getTime())).toBe('2026-01-02 03:04:05');
    expect(formatDate('2026-01-02 03:04:05')).toBe('2026-01-02 03:04:05');
  });
  it('gives year-month-day', () => {
    expect(transformTime(local)).toBe('2026-01-02');
  });
  it('keeps a dash and gives nothing for empty', () => {
    expect(formatDate('-')).toBe('-');
    expect(transformTime('-')).toBe('-');
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(transformTime('')).toBeUndefined();
    expect(transformTime(undefined)).toBeUndefined();
  });
  it('treats ten-digit timestamps as seconds', () => {
    const seconds = Math.floor(local.getTime() / 1000);
    expect(String(seconds)).toHaveLength(10);
    expect(formatDate(seconds)).toBe('2026-01-02 03:04:05');
    expect(formatDate(String(seconds))).toBe('2026-01-02 03:04:05');
    expect(toDate(seconds)?.getTime()).toBe(seconds * 1000);
  });
  it('formats custom patterns', () => {
    expect(parseTime(local, '{y}/{m}/{d}')).toBe('2026/01/02');
    expect(parseTime('not a date')).toBeUndefined();
  });
});

describe('timeAgo', () => {
  const now = 1_800_000_000;
  it('uses minutes, hours and days with a plural "s"', () => {
    expect(timeAgo(now - 60, now)).toBe('1 minute');
    expect(timeAgo(now - 300, now)).toBe('5 minutes');
    expect(timeAgo(now - 3600, now)).toBe('1 hour');
    expect(timeAgo(now - 7200, now)).toBe('2 hours');
    expect(timeAgo(now - 86400, now)).toBe('1 day');
    expect(timeAgo(now - 3 * 86400, now)).toBe('3 days');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2026, 5, 15, 12, 0, 0).getTime();
  const ago = (s: number) => now - s * 1000;
  it('follows the thresholds 30 s, 3600 s, 86400 s, 172800 s (Chinese by default)', () => {
    expect(formatRelativeTime(ago(10), { now })).toBe('刚刚');
    expect(formatRelativeTime(ago(29), { now })).toBe('刚刚');
    expect(formatRelativeTime(ago(30), { now })).toBe('1分钟前');
    expect(formatRelativeTime(ago(150), { now })).toBe('3分钟前');
    expect(formatRelativeTime(ago(3600), { now })).toBe('1小时前');
    expect(formatRelativeTime(ago(86399), { now })).toBe('24小时前');
    expect(formatRelativeTime(ago(86400), { now })).toBe('1天前');
    expect(formatRelativeTime(ago(172799), { now })).toBe('1天前');
  });
  it('gives the date beyond two days, with a pattern when given', () => {
    const old = new Date(2026, 5, 10, 8, 5, 0).getTime();
    expect(formatRelativeTime(old, { now })).toBe('06月10日08时05分');
    expect(formatRelativeTime(old, { now, pattern: '{y}-{m}-{d}' })).toBe('2026-06-10');
  });
  it('speaks English and Traditional Chinese too', () => {
    expect(formatRelativeTime(ago(5), { now, locale: 'en' })).toBe('just now');
    expect(formatRelativeTime(ago(120), { now, locale: 'en' })).toBe('2 minutes ago');
    expect(formatRelativeTime(ago(5), { now, locale: 'tw' })).toBe('剛剛');
  });
});

describe('numbers', () => {
  it('abbreviates with k, M, G, T, P, E', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(10000)).toBe('10k');
    expect(abbreviateNumber(1234567, 2)).toBe('1.23M');
    expect(abbreviateNumber(1.5e9, 1)).toBe('1.5G');
    expect(abbreviateNumber(2e12)).toBe('2T');
    expect(abbreviateNumber(3e15)).toBe('3P');
    expect(abbreviateNumber(4e18)).toBe('4E');
    expect(abbreviateNumber(1000, 2)).toBe('1k');
  });
  it('groups thousands', () => {
    expect(toThousands(123)).toBe('123');
    expect(toThousands(1234)).toBe('1,234');
    expect(toThousands(1234567.89)).toBe('1,234,567.89');
    expect(toThousands(-1234567)).toBe('-1,234,567');
    expect(toThousands('1000000')).toBe('1,000,000');
  });
  it('uppercases the first letter', () => {
    expect(uppercaseFirst('hello')).toBe('Hello');
    expect(uppercaseFirst('')).toBe('');
  });
  it('checks number strings: sign, no leading zeros, optional decimals', () => {
    for (const ok of ['0', '7', '-7', '+7', '10', '0.5', '-0.25', '123.450']) expect(isNumberString(ok), ok).toBe(true);
    for (const bad of ['', '01', '00', '1.', '.5', '1e3', 'abc', '--1', '1,000', ' 1']) expect(isNumberString(bad), bad).toBe(false);
  });
});

describe('ranges and links', () => {
  it('starts the default range 90 days back', () => {
    const [start, end] = defaultStartRange(7776000000 + 1000);
    expect(start.getTime()).toBe(1000);
    expect(end.getTime()).toBe(7776001000);
  });
  it('treats http, https, mailto and tel as external', () => {
    expect(isExternal('https://example.org')).toBe(true);
    expect(isExternal('http://x')).toBe(true);
    expect(isExternal('mailto:a@b.c')).toBe(true);
    expect(isExternal('tel:123')).toBe(true);
    expect(isExternal('/sysuser')).toBe(false);
  });
});
