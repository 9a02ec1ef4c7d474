/**
 * The user's own layout of a list's columns: which are hidden, their order and the widths
 * dragged. Kept in localStorage per user (tenant and id) and resource, so it follows the user
 * from tab to tab and across sign-ins on this browser; a column the resource no longer lists
 * is dropped, a new one is added at its declared place.
 */
import { useCallback, useState } from 'react';
import type { ColumnSpec } from './columns.ts';

export interface ColumnPrefs {
  /** Fields hidden by the user (or by default). */
  hidden: string[];
  /** Fields in the user's order; fields missing here keep their declared place after them. */
  order: string[];
  /** Widths in px the user dragged. */
  widths: Record<string, number>;
}

const MIN_COLUMN_WIDTH = 60;
const MAX_COLUMN_WIDTH = 1200;

export function columnPrefsKey(user: string, resource: string): string {
  return `columns:${user}:${resource}`;
}

export function defaultPrefs(columns: readonly ColumnSpec[]): ColumnPrefs {
  return { hidden: columns.filter((c) => c.defaultHidden).map((c) => c.field), order: [], widths: {} };
}

/** Stored text as prefs for these columns; anything malformed or unknown is left out. */
export function parsePrefs(text: string | null, columns: readonly ColumnSpec[]): ColumnPrefs {
  if (!text) return defaultPrefs(columns);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return defaultPrefs(columns);
  }
  if (typeof raw !== 'object' || raw === null) return defaultPrefs(columns);
  const known = new Set(columns.map((c) => c.field));
  const r = raw as Partial<Record<keyof ColumnPrefs, unknown>>;
  const fields = (v: unknown) =>
    Array.isArray(v) ? [...new Set(v.filter((f): f is string => typeof f === 'string' && known.has(f)))] : [];
  const widths: Record<string, number> = {};
  if (typeof r.widths === 'object' && r.widths !== null) {
    for (const [field, w] of Object.entries(r.widths as Record<string, unknown>)) {
      if (known.has(field) && typeof w === 'number' && Number.isFinite(w)) widths[field] = clampWidth(w);
    }
  }
  return { hidden: Array.isArray(r.hidden) ? fields(r.hidden) : defaultPrefs(columns).hidden, order: fields(r.order), widths };
}

export function clampWidth(width: number): number {
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));
}

/** The columns in the user's order, with the dragged widths. */
export function arrangeColumns(columns: readonly ColumnSpec[], prefs: ColumnPrefs): ColumnSpec[] {
  const byField = new Map(columns.map((c) => [c.field, c]));
  const ordered = prefs.order.map((f) => byField.get(f)).filter((c): c is ColumnSpec => !!c);
  const rest = columns.filter((c) => !prefs.order.includes(c.field));
  return [...ordered, ...rest].map((c) => (prefs.widths[c.field] ? { ...c, width: prefs.widths[c.field] } : c));
}

/** Moves a column one place up (-1) or down (+1) in the arranged order. */
export function moveColumn(columns: readonly ColumnSpec[], prefs: ColumnPrefs, field: string, step: -1 | 1): ColumnPrefs {
  const order = arrangeColumns(columns, prefs).map((c) => c.field);
  const at = order.indexOf(field);
  const to = at + step;
  if (at < 0 || to < 0 || to >= order.length) return prefs;
  [order[at], order[to]] = [order[to]!, order[at]!];
  return { ...prefs, order };
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, prefs: ColumnPrefs | undefined): void {
  try {
    if (prefs) window.localStorage.setItem(key, JSON.stringify(prefs));
    else window.localStorage.removeItem(key);
  } catch {
    // Storage full or refused: the layout lasts as long as the page.
  }
}

/** The prefs of one list for one user, read once and written on every change; reset() forgets them. */
export function useColumnPrefs(
  user: string,
  resource: string,
  columns: readonly ColumnSpec[],
): { prefs: ColumnPrefs; setPrefs(next: ColumnPrefs): void; reset(): void } {
  const key = columnPrefsKey(user, resource);
  const [state, setState] = useState(() => ({ key, prefs: parsePrefs(read(key), columns) }));
  // Another user or resource: read its own prefs.
  const current = state.key === key ? state.prefs : parsePrefs(read(key), columns);
  if (state.key !== key) setState({ key, prefs: current });
  const setPrefs = useCallback(
    (next: ColumnPrefs) => {
      write(key, next);
      setState({ key, prefs: next });
    },
    [key],
  );
  const reset = useCallback(() => {
    write(key, undefined);
    setState({ key, prefs: defaultPrefs(columns) });
  }, [key, columns]);
  return { prefs: current, setPrefs, reset };
}
