/**
 * The path an `open` action goes to (resource file, actions[].open): its route with each
 * `:field` segment replaced by the row's value of that field, then its query parameters taken
 * from the row. A value the row lacks leaves nothing to open.
 */
import type { OpenSpec } from '../generated/fileTypes.ts';

type Row = Readonly<Record<string, unknown>>;

function valueOf(record: Row | undefined, field: string): string | undefined {
  const value = record?.[field];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

export function openPath(open: OpenSpec, record: Row | undefined): string | undefined {
  let missing = false;
  const path = open.route.replace(/:([^/]+)/g, (_seg, field: string) => {
    const value = valueOf(record, field);
    if (value === undefined || value === '') missing = true;
    return encodeURIComponent(value ?? '');
  });
  const query = new URLSearchParams();
  for (const [param, field] of Object.entries(open.query ?? {})) {
    const value = valueOf(record, field);
    if (value === undefined || value === '') missing = true;
    else query.set(param, value);
  }
  if (missing) return undefined;
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
