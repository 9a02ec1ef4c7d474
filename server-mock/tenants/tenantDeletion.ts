/**
 * Deleting and restoring a tenant (SysTenant's delete call, `handlers.delete` in
 * sys-tenant.json, and restoreSysTenant).
 *
 * - The platform tenant (PLATFORM_TENANT), which manages every tenant, and the caller's own
 *   tenant are never deleted: 403 naming them, nothing changed (several ids: none deleted).
 * - The call must name the code of every tenant it deletes in `confirm`
 *   (`deleteSysTenant?id=3,4&confirm=acme,beta`): 400 otherwise (crud/typedConfirm.ts).
 * - A delete marks the tenant deleted (`deleted`, `deleteTime`) and ends every session of its
 *   users, in one transaction: sign-in to it is refused from then on, so nothing of its data is
 *   served. Its rows stay for the grace period (the platform tenant's parameter
 *   `tenant.deleteGraceDays`, default 30 days), during which restoreSysTenant brings it back;
 *   after it the purge (tenantPurge.ts) removes every row of the tenant.
 */
import type { Resource } from '../../schemas/registry/types.ts';
import type { Row } from '../db/anyKysely.ts';
import { conflict, forbidden, notFound } from '../http/apiError.ts';
import { withPrincipal, type CallContext, type CallHandler, type Services } from '../calls/context.ts';
import { idsToDelete, present } from '../crud/crudHandlers.ts';
import { assertTypedConfirm } from '../crud/typedConfirm.ts';
import { readIntegerParam } from '../params/tenantParams.ts';

/** The platform tenant's parameter: days a deleted tenant can be restored before it is purged. */
const GRACE_DAYS_PARAM = 'tenant.deleteGraceDays';
const DEFAULT_GRACE_DAYS = 30;
const MAX_GRACE_DAYS = 3650;
export const DAY_MS = 86_400_000;

/** The grace period in days, from the platform tenant's parameters. */
export function graceDays(services: Pick<Services, 'system' | 'config' | 'log'>): Promise<number> {
  return readIntegerParam(
    services.system.tenant(services.config.platformTenant),
    { key: GRACE_DAYS_PARAM, fallback: DEFAULT_GRACE_DAYS, min: 0, max: MAX_GRACE_DAYS },
    (message) => services.log?.warn(message),
  );
}

function column(r: Resource, field: string): string {
  return r.fieldMap.get(field)!.column;
}

function isoOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}

/** Why a tenant may not be deleted by this caller, or undefined. */
function protectedReason(ctx: CallContext, tenantCode: string): string | undefined {
  if (tenantCode === ctx.services.config.platformTenant) return `"${tenantCode}" is the platform tenant, which manages every tenant`;
  if (tenantCode === ctx.principal?.tenantCode) return `"${tenantCode}" is your own tenant`;
  return undefined;
}

const deleteTenant: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const r = ctx.resource;
  const now = ctx.services.now();
  const codeColumn = column(r, 'tenantCode');
  const timeColumn = column(r, 'deleteTime');
  // the tenant rows and the sessions of their users change in one transaction
  await ctx.system.transaction(async (system) => {
    const tx = system.tenant(data.tenantCode);
    const ids = await idsToDelete(tx, r, ctx.query);
    const rows = (await tx.select(r).selectAll().where(`${r.table}.id`, 'in', ids).execute()) as Row[];
    const found = new Set(rows.map((x) => Number(x.id)));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw notFound(`No ${r.name} with id ${missing.join(', ')}`);
    const refused = rows.map((x) => protectedReason(ctx, String(x[codeColumn]))).filter((x): x is string => !!x);
    if (refused.length) throw forbidden(`Cannot delete: ${refused.join('; ')}. Nothing was deleted`);
    assertTypedConfirm(r, rows, ctx.query);
    const already = rows.filter((x) => isoOf(x[timeColumn]) !== null).map((x) => String(x[codeColumn]));
    if (already.length)
      throw conflict(
        `Tenant ${already.join(', ')} is already deleted (restore it, or it is purged after its grace period). Nothing was deleted`,
      );
    const at = tx.dialect.toDb('datetime', now.toISOString());
    await tx
      .update(r)
      .set({ [column(r, 'deleted')]: tx.dialect.toDb('boolean', true), [timeColumn]: at, update_time: at })
      .where('id', 'in', ids)
      .execute();
    await system.revokeTenantSessions(
      rows.map((x) => String(x[codeColumn])),
      now,
    );
  });
  return undefined;
};

const restoreTenant: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const r = ctx.resource;
  const id = Number(ctx.query.id);
  const now = ctx.services.now();
  const days = await graceDays(ctx.services);
  const timeColumn = column(r, 'deleteTime');
  const saved = await data.transaction(async (tx) => {
    const row = (await tx.select(r).selectAll().where(`${r.table}.id`, '=', id).executeTakeFirst()) as Row | undefined;
    if (!row) throw notFound(`No ${r.name} with id ${id} (a deleted tenant is gone once it is purged)`);
    const code = String(row[column(r, 'tenantCode')]);
    const deletedAt = isoOf(tx.dialect.fromDb('datetime', row[timeColumn]));
    if (deletedAt === null) throw conflict(`Tenant "${code}" is not deleted`);
    if (Date.parse(deletedAt) + days * DAY_MS <= now.getTime()) {
      throw conflict(`The grace period of tenant "${code}" (${days} days) has ended: it is being purged and cannot be restored`);
    }
    const at = tx.dialect.toDb('datetime', now.toISOString());
    await tx
      .update(r)
      .set({ [column(r, 'deleted')]: tx.dialect.toDb('boolean', false), [timeColumn]: null, update_time: at })
      .where('id', '=', id)
      .execute();
    return (await tx.select(r).selectAll().where(`${r.table}.id`, '=', id).executeTakeFirst()) as Row;
  });
  return (await present(ctx, data, r, [saved]))[0];
};

export const tenantHandlers: Record<string, CallHandler> = {
  'tenant.delete': deleteTenant,
  'tenant.restore': restoreTenant,
};
