import type { Kysely } from 'kysely';

/**
 * The database handle. Tables are created from the resource files at run time, so there is
 * no compile-time table interface to give Kysely: rows are plain records of unknown values.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- table types are only known at run time
export type AnyKysely = Kysely<any>;
export type Row = Record<string, unknown>;
