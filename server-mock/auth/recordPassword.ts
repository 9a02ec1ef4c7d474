/**
 * The password policy (passwordPolicy.ts) for passwords set through a record: a user added,
 * or edited with a new password, by an administrator. Runs before the standard add and update
 * handlers; a resource's password is its hashed (x-hash) field named `password`.
 */
import type { Resource } from '../../schemas/registry/types.ts';
import type { Row } from '../db/anyKysely.ts';
import type { TenantData } from '../access/tenantData.ts';
import { assertPasswordPolicy } from './passwordPolicy.ts';

/** `data`: the caller's tenant (null for a public call). */
export async function checkRecordPassword(data: TenantData | null, r: Resource, body: unknown): Promise<void> {
  const field = r.fields.find((f) => f.hash && f.name === 'password');
  if (!field || !body || typeof body !== 'object' || Array.isArray(body)) return;
  const record = body as Row;
  const password = record[field.name];
  if (typeof password !== 'string') return;
  let username = typeof record.username === 'string' ? record.username : undefined;
  if (username === undefined && data && typeof record.id === 'number' && r.fieldMap.has('username')) {
    // An update names the record by id: the username is the stored one.
    const row = (await data.select(r).select('username').where(`${r.table}.id`, '=', record.id).executeTakeFirst()) as Row | undefined;
    if (row) username = String(row.username);
  }
  assertPasswordPolicy(password, username, field.name);
}
