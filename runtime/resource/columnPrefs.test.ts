/** The user's column layout: parsed defensively, arranged, moved. */
import { describe, expect, it } from 'vitest';
import type { ColumnSpec } from './columns.ts';
import { arrangeColumns, clampWidth, columnPrefsKey, defaultPrefs, moveColumn, parsePrefs } from './columnPrefs.ts';

const col = (field: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({
  field,
  label: field,
  type: 'string',
  sortable: false,
  defaultHidden: false,
  phone: false,
  ...extra,
});
const columns = [col('a'), col('b', { width: 120 }), col('c', { defaultHidden: true }), col('d')];

describe('columnPrefs', () => {
  it('starts from the resource: its hidden columns, its order and widths', () => {
    expect(defaultPrefs(columns)).toEqual({ hidden: ['c'], order: [], widths: {} });
    expect(parsePrefs(null, columns)).toEqual(defaultPrefs(columns));
    expect(arrangeColumns(columns, defaultPrefs(columns)).map((c) => c.field)).toEqual(['a', 'b', 'c', 'd']);
    expect(columnPrefsKey('demo:1', 'SysUser')).toBe('columns:demo:1:SysUser');
  });

  it('drops unknown columns and malformed values', () => {
    const stored = JSON.stringify({
      hidden: ['b', 'gone', 3],
      order: ['d', 'gone', 'a', 'd'],
      widths: { a: 10, b: 'wide', gone: 200, d: 5000 },
    });
    expect(parsePrefs(stored, columns)).toEqual({ hidden: ['b'], order: ['d', 'a'], widths: { a: 60, d: 1200 } });
    expect(parsePrefs('{', columns)).toEqual(defaultPrefs(columns));
    expect(parsePrefs('"text"', columns)).toEqual(defaultPrefs(columns));
    // No hidden list stored: the resource's default.
    expect(parsePrefs('{}', columns).hidden).toEqual(['c']);
  });

  it('arranges the user order first, new columns after at their place, with the dragged widths', () => {
    const prefs = { hidden: [], order: ['d', 'b'], widths: { a: 200 } };
    const arranged = arrangeColumns(columns, prefs);
    expect(arranged.map((c) => c.field)).toEqual(['d', 'b', 'a', 'c']);
    expect(arranged.find((c) => c.field === 'a')?.width).toBe(200);
    expect(arranged.find((c) => c.field === 'b')?.width).toBe(120);
  });

  it('moves a column one place, not past either end', () => {
    const prefs = defaultPrefs(columns);
    expect(moveColumn(columns, prefs, 'c', -1).order).toEqual(['a', 'c', 'b', 'd']);
    expect(moveColumn(columns, prefs, 'a', -1)).toBe(prefs);
    expect(moveColumn(columns, prefs, 'd', 1)).toBe(prefs);
    expect(moveColumn(columns, prefs, 'gone', 1)).toBe(prefs);
    expect(clampWidth(59.6)).toBe(60);
    expect(clampWidth(333.4)).toBe(333);
  });
});
