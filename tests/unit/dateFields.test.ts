/**
 * The helpers of `format: date` fields (days, `yyyy-mm-dd`): how the console shows one, how
 * both databases keep one, how an export writes one and how x-notBefore compares a day with a
 * day or a time.
 */
import { describe, expect, it } from 'vitest';
import { formatDay } from '../../runtime/format/formatDate.ts';
import { cellText } from '../../runtime/resource/columns.ts';
import { inferFieldKind } from '../../schemas/registry/fieldKinds.ts';
import { toSearchValues } from '../../runtime/resource/SearchForm.tsx';
import { rangeControl } from '../../runtime/resource/fieldKinds/searchInputs.tsx';
import { dialectFor, toDay } from '../../server-mock/db/dialect.ts';
import { dayDate } from '../../server-mock/crud/exportRows.ts';
import { CELL_FORMATS } from '../../server-mock/crud/exportXlsx.ts';
import { createAjv } from '../../schemas/registry/ajv.ts';

const none = () => undefined;

describe('a day in the console', () => {
  it('shows as sent, yyyy-mm-dd, whatever the time zone', () => {
    expect(formatDay('2026-04-10')).toBe('2026-04-10');
    expect(formatDay('1999-12-31')).toBe('1999-12-31');
  });

  it('shows a timestamp sent for a day as its UTC day, and nothing for empty', () => {
    expect(formatDay('2026-04-10T00:00:00.000Z')).toBe('2026-04-10');
    expect(formatDay('2026-04-09T23:30:00-02:00')).toBe('2026-04-10');
    expect(formatDay('')).toBe('');
    expect(formatDay(null)).toBe('');
    expect(formatDay('-')).toBe('-');
  });

  it('is a list and detail cell as yyyy-mm-dd, without a time', () => {
    const col = { field: 'contractStart', type: 'date' as const };
    expect(cellText(col, { contractStart: '2026-04-10' }, none)).toBe('2026-04-10');
    expect(cellText(col, { contractStart: '2026-04-10T00:00:00.000Z' }, none)).toBe('2026-04-10');
    expect(cellText(col, { contractStart: null }, none)).toBe('');
    expect(cellText({ field: 'createTime', type: 'datetime' }, { createTime: '2026-04-10' }, none)).toMatch(/^2026-04-10 \d\d:\d\d:\d\d$/);
  });

  it('is searched with a date range picker, sent as a yyyy-mm-dd pair', () => {
    expect(rangeControl('range', 'date')).toBe('dates');
    expect(rangeControl('range', 'datetime')).toBe('dates');
    expect(rangeControl('range', 'integer')).toBe('numbers');
    expect(rangeControl('exact', 'date')).toBeUndefined();
    const day = (text: string) => ({ format: () => text });
    expect(toSearchValues([{ field: 'contractStart', match: 'range' }], { contractStart: [day('2026-04-01'), day('2026-04-30')] })).toEqual(
      { contractStart: ['2026-04-01', '2026-04-30'] },
    );
  });

  it("is edited with the date kind's input, a time with the date-time one", () => {
    expect(inferFieldKind({ type: 'string', format: 'date' }, 'date')).toBe('date');
    expect(inferFieldKind({ type: ['string', 'null'], format: 'date' }, 'date')).toBe('date');
    expect(inferFieldKind({ type: 'string', format: 'date-time' }, 'datetime')).toBe('dateTime');
  });
});

describe('a day on the server', () => {
  it('is kept as yyyy-mm-dd in both databases, a Date or a timestamp as its UTC day', () => {
    expect(toDay('2026-04-10')).toBe('2026-04-10');
    expect(toDay(new Date(Date.UTC(2026, 3, 10)))).toBe('2026-04-10');
    expect(toDay('2026-04-10T22:00:00-03:00')).toBe('2026-04-11');
    for (const name of ['sqlite', 'postgres'] as const) {
      const d = dialectFor(name);
      expect(d.toDb('date', '2026-04-10')).toBe('2026-04-10');
      expect(d.fromDb('date', '2026-04-10')).toBe('2026-04-10');
      expect(d.fromDb('date', new Date(Date.UTC(2026, 3, 10)))).toBe('2026-04-10');
      expect(d.toDb('date', null)).toBeNull();
    }
    expect(dialectFor('postgres').columnType('date')).toBe('date');
    expect(dialectFor('sqlite').columnType('date')).toBe('text');
  });

  it('is a spreadsheet date cell at UTC midnight, formatted without a time', () => {
    expect(dayDate('2026-04-10')!.toISOString()).toBe('2026-04-10T00:00:00.000Z');
    expect(dayDate('2026-02-30')).toBeUndefined();
    expect(dayDate('soon')).toBeUndefined();
    expect(CELL_FORMATS.date).toBe('yyyy-mm-dd');
    expect(CELL_FORMATS.datetime).toBe('yyyy-mm-dd hh:mm:ss');
    expect(CELL_FORMATS.string).toBeUndefined();
  });

  it('orders days by day, and a time against a day by its UTC day (x-notBefore)', () => {
    const ajv = createAjv();
    const check = (startFormat: string, endFormat: string) =>
      ajv.compile({
        type: 'object',
        properties: { start: { type: 'string', format: startFormat }, end: { type: 'string', format: endFormat, 'x-notBefore': 'start' } },
      });
    const days = check('date', 'date');
    expect(days({ start: '2026-05-01', end: '2026-05-02' })).toBe(true);
    expect(days({ start: '2026-05-02', end: '2026-05-02' })).toBe(true);
    expect(days({ start: '2026-05-02', end: '2026-05-01' })).toBe(false);
    // by day: a day is not before a time late on that day; a time early on the 2nd is after the 1st
    const dayAfterTime = check('date-time', 'date');
    expect(dayAfterTime({ start: '2026-05-01T23:59:59Z', end: '2026-05-01' })).toBe(true);
    expect(dayAfterTime({ start: '2026-05-02T00:00:00Z', end: '2026-05-01' })).toBe(false);
    const timeAfterDay = check('date', 'date-time');
    expect(timeAfterDay({ start: '2026-05-01', end: '2026-05-01T00:00:00Z' })).toBe(true);
    expect(timeAfterDay({ start: '2026-05-02', end: '2026-05-01T23:59:59Z' })).toBe(false);
    // an empty value is not ordered
    expect(days({ start: '2026-05-02', end: '' })).toBe(false); // '' is not a date: the format refuses it
    expect(check('date', 'date')({ start: '2026-05-02' })).toBe(true);
  });
});
