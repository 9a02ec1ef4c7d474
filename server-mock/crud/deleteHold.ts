/**
 * Undoing a delete (docs/resource-page.md, "Deletes"): a resource whose delete action says
 * `"undo": true` keeps what a delete removed, its rows and the rows of its many-valued relations
 * (linkValues.ts), for HOLD_SECONDS in a row of `sys_deleted_hold` (SysDeletedHold) of the
 * caller's tenant, named by a random token that the delete answers (`{undo, until}`).
 * `restoreDeleted?token=` puts the rows back as they were (same ids), in one transaction, for the
 * user who deleted them while they still hold the resource's delete button; a record added
 * since with the same unique values makes it a 409 and restores nothing. Every statement goes
 * through the caller's TenantData; expired holds are removed with the next delete that holds
 * (at most every PURGE_EVERY_MS per tenant and process).
 */
import type { Resource } from '../../schemas/registry/types.ts';
import type { Row } from '../db/anyKysely.ts';
import type { Follower, TenantData } from '../access/tenantData.ts';
import type { Principal } from '../access/principal.ts';
import { conflict, forbidden, notFound } from '../http/apiError.ts';
import { withPrincipal, type CallHandler } from '../calls/context.ts';
import { recordRow } from '../seed/provisionTenant.ts';
import { linkFields } from './linkValues.ts';
import { randomToken } from '../auth/tokens.ts';

/** How long a deleted record can be restored, in seconds. */
const HOLD_SECONDS = 60;
const HOLD = 'SysDeletedHold';
const UNDO_GONE_MESSAGE = 'Nothing to restore: the time to undo this delete has passed, or it was undone already';

/** How often (ms) a tenant's expired holds are removed, at most: with the next delete that holds after that. */
const PURGE_EVERY_MS = 10_000;
/** Per database, per tenant: when its expired holds were last removed (Date.now()). */
const purged = new WeakMap<object, Map<string, number>>();

/**
 * Removes the tenant's expired holds, unless that was done less than PURGE_EVERY_MS ago by this
 * process (an expired hold restores nothing whether it is still there or not).
 */
async function removeExpired(tx: TenantData, hold: Resource, now: Date): Promise<void> {
  let byTenant = purged.get(tx.databaseKey);
  if (!byTenant) purged.set(tx.databaseKey, (byTenant = new Map()));
  const last = byTenant.get(tx.tenantCode);
  if (last !== undefined && Math.abs(now.getTime() - last) < PURGE_EVERY_MS) return;
  await tx.deleteBefore(hold, 'expiresAt', now);
  byTenant.set(tx.tenantCode, now.getTime());
}

interface Held {
  rows: Row[];
  links: { resource: string; rows: Row[] }[];
}

/** Whether the resource's delete can be undone (its delete action says `undo`). */
export function undoable(r: Resource): boolean {
  return r.actions.some((a) => a.kind === 'standard' && a.name === 'delete' && a.undo === true);
}

/** A stored row without its tenant (the TenantData that restores it sets that). */
function columnsOf(row: Row): Row {
  const { tenant_code: _tenant, ...rest } = row;
  return rest;
}

/**
 * Keeps the rows about to be deleted (`rows`, as stored) and their link rows; call it inside the
 * delete's transaction, before the delete. Answers what the delete answers.
 */
export async function holdDeleted(
  tx: TenantData,
  r: Resource,
  principal: Principal,
  rows: Row[],
  now: Date,
): Promise<{ undo: string; until: string }> {
  const { follower, answer } = await heldRow(tx, r, principal, rows, now);
  await tx.insertRows(follower.resource, [follower.row]);
  return answer;
}

/**
 * The hold of rows being deleted (with their link rows, read with `data`), as a follower of the
 * statement that deletes them (TenantData.deleteOneWith), and what the delete answers.
 */
export async function heldRow(
  data: TenantData,
  r: Resource,
  principal: Principal,
  rows: Row[],
  now: Date,
): Promise<{ follower: Follower; answer: { undo: string; until: string } }> {
  const ids = rows.map((x) => Number(x.id));
  const links: Held['links'] = [];
  for (const f of linkFields(r)) {
    const link = data.resource(f.link!.resource);
    const recordKey = link.fieldMap.get(f.link!.recordKey)!;
    const linked = (await data.select(link).selectAll().where(`${link.table}.${recordKey.column}`, 'in', ids).execute()) as Row[];
    links.push({ resource: link.name, rows: linked.map(columnsOf) });
  }
  const hold = data.resource(HOLD);
  await removeExpired(data, hold, now);
  const until = new Date(now.getTime() + HOLD_SECONDS * 1000).toISOString();
  const token = randomToken();
  const held: Held = { rows: rows.map(columnsOf), links };
  const row = await recordRow(
    data,
    hold,
    { token, resourceName: r.name, userId: principal.userId, records: JSON.stringify(held), expiresAt: until },
    now,
  );
  return { follower: { resource: hold, row }, answer: { undo: token, until } };
}

const restoreDeleted: CallHandler = async (ctx) => {
  const { data, principal, access } = withPrincipal(ctx);
  const token = String(ctx.query.token);
  const now = ctx.services.now();
  return data.transaction(async (tx) => {
    const hold = tx.resource(HOLD);
    const stored = (await tx.select(hold).selectAll().where(`${hold.table}.token`, '=', token).executeTakeFirst()) as Row | undefined;
    const rec = stored ? tx.toRecord(hold, stored) : undefined;
    if (!rec || Number(rec.userId) !== principal.userId || Date.parse(String(rec.expiresAt)) < now.getTime())
      throw notFound(UNDO_GONE_MESSAGE);
    const r = tx.registry.byName.get(String(rec.resourceName));
    const del = r?.actions.find((a) => a.kind === 'standard' && a.name === 'delete');
    if (!r || !del || !undoable(r)) throw notFound(UNDO_GONE_MESSAGE);
    if (!(await access.buttonGranted(del.permission)))
      throw forbidden(`You may not restore ${r.name} records: you do not hold its delete button`);
    const held = JSON.parse(String(rec.records)) as Held;
    try {
      await tx.insertRows(r, held.rows);
      for (const l of held.links) await tx.insertRows(tx.resource(l.resource), l.rows);
    } catch (err) {
      if (tx.dialect.isUniqueViolation(err))
        throw conflict(`The deleted ${r.name} records cannot be restored: a record with the same unique values was added since`);
      throw err;
    }
    await tx.delete(hold).where('token', '=', token).execute();
    return { restored: held.rows.length };
  });
};

export const deleteHoldHandlers: Record<string, CallHandler> = {
  'crud.restoreDeleted': restoreDeleted,
};
