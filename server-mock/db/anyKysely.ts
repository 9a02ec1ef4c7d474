import type { Kysely } from 'kysely';

/**
 * The database handle. Tables are created from the resource files at run time, so there is
 * no compile-time table interface to give Kysely: rows are plain records of unknown values.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- table types are only known at run time
export type AnyKysely = Kysely<any>;
export type Row = Record<string, unknown>;

/** Values per `in (...)` list, well under both engines' parameter limits. */
const IN_LIST_CHUNK = 500;

/** The values in lists of at most `size` (IN_LIST_CHUNK), for one `in (...)` statement each. */
export function inChunks<T>(values: readonly T[], size = IN_LIST_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** The most values bound in one statement by a multi-row insert (both databases allow more). */
export const MAX_BOUND_VALUES = 10_000;
