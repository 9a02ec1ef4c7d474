/**
 * The few SQL expressions handlers put in the queries of their TenantData (which adds the
 * tenant condition itself), so that no module outside the access layer needs Kysely's `sql`.
 */
import { sql } from 'kysely';

/** `count(*)` as a number. */
export const countAll = () => sql<number>`count(*)`;

/** `max(id)`: the highest id of the rows selected. */
export const maxId = () => sql<number>`max(id)`;

/** The literal 1 (for `exists (select 1 ...)`). */
export const one = () => sql.lit(1);

/** The bound pattern of `dialect.contains` for a needle (its LIKE wildcards escaped). */
export { containsPattern } from '../db/dialect.ts';
