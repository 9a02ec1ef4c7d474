/**
 * What the server and the console both enforce, defined once: the bounds every accepted value
 * keeps (so that it is storable in both databases), the largest page a query call answers, and
 * the console's languages. No Node or browser API here: both sides import this module.
 */
import type { JsonSchema } from './types.ts';

/** The console's languages; the order is the browser-language match order. */
export const LOCALES = ['en', 'zh', 'tw'] as const;
export type Locale = (typeof LOCALES)[number];

/** Integers and numbers stay within the safe integer range. */
export const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** Upper bound on any text value when a schema gives none. */
export const MAX_TEXT_LENGTH = 65535;
/** Upper bound on the items of any array value when a schema gives none. */
export const MAX_ITEMS = 10000;
/** The most records one query call answers (its pageSize maximum). */
export const MAX_PAGE_SIZE = 10000;

function typesOf(schema: JsonSchema): string[] {
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

/**
 * The schema with the bounds that keep every accepted value storable: integers and numbers
 * within MAX_SAFE, text within MAX_TEXT_LENGTH, arrays within MAX_ITEMS, where the schema sets
 * none. The server applies it to every schema it compiles, the record form to the schema it
 * validates with, so both accept the same values.
 */
export function harden(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  const types = typesOf(out);
  if (types.includes('integer') || types.includes('number')) {
    if (out.maximum === undefined) out.maximum = MAX_SAFE;
    if (out.minimum === undefined) out.minimum = -MAX_SAFE;
  }
  if (types.includes('string') && out.maxLength === undefined) out.maxLength = MAX_TEXT_LENGTH;
  if (out.properties && typeof out.properties === 'object') {
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, harden(v)]));
  }
  if (out.items && typeof out.items === 'object') out.items = harden(out.items);
  if (types.includes('array') && out.maxItems === undefined) out.maxItems = MAX_ITEMS;
  return out;
}
