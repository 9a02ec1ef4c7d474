/**
 * The purge of deleted tenants and the tenants' upkeep, run at start and then every
 * TENANT_UPKEEP_INTERVAL_MS (on the services' clock, so tests move time instead of waiting):
 *
 * - a tenant deleted longer ago than the grace period (tenantDeletion.ts) loses every row of
 *   every tenant-scoped table (the resource files' tables and the server's own, such as
 *   sessions and sign-in failures), then its SysTenant row, in one transaction per tenant;
 * - sessions of deleted tenants that are still live are ended (a sign-in that was under way
 *   when its tenant was deleted);
 * - a tenant row whose `deleted` flag is empty (written before the flag existed) gets false.
 *
 * The platform tenant is never purged, even if something marked it deleted.
 */
import type { Services } from '../calls/context.ts';
import type { Row } from '../db/anyKysely.ts';
import { INTERNAL_TABLES } from '../db/migrate.ts';
import { DAY_MS, graceDays, revokeTenantSessions } from './tenantDeletion.ts';

/** How often the upkeep runs after the start. */
export const TENANT_UPKEEP_INTERVAL_MS = 10 * 60_000;

type UpkeepServices = Pick<Services, 'database' | 'system' | 'registry' | 'config' | 'log' | 'now'>;

/** Every table whose rows belong to one tenant (a `tenant_code` column). */
export function tenantTables(services: Pick<Services, 'registry'>): string[] {
  const fromFiles = services.registry.resources.filter((r) => r.kind !== 'service' && r.scope === 'tenant').map((r) => r.table);
  const internal = INTERNAL_TABLES.filter((t) => t.columns.some((c) => c.name === 'tenant_code')).map((t) => t.name);
  return [...new Set([...fromFiles, ...internal])];
}

/** Remove every row of a deleted tenant, then the tenant itself, in one transaction. */
async function purgeTenant(services: UpkeepServices, tenantCode: string): Promise<void> {
  const tenantR = services.registry.byName.get('SysTenant')!;
  const tables = tenantTables(services);
  await services.database.db.transaction().execute(async (trx) => {
    for (const table of tables) await trx.deleteFrom(table).where('tenant_code', '=', tenantCode).execute();
    await trx
      .deleteFrom(tenantR.table)
      .where(tenantR.fieldMap.get('tenantCode')!.column, '=', tenantCode)
      .where(tenantR.fieldMap.get('deleteTime')!.column, 'is not', null)
      .execute();
  });
}

export interface UpkeepReport {
  /** Tenants whose rows were removed. */
  purged: string[];
  /** Sessions of deleted tenants ended. */
  sessionsEnded: number;
}

/** One run of the upkeep (see the top of this file). */
export async function runTenantUpkeep(services: UpkeepServices): Promise<UpkeepReport> {
  const { database, registry, config } = services;
  const tenantR = registry.byName.get('SysTenant')!;
  const db = database.db;
  const dialect = database.dialect;
  const codeCol = tenantR.fieldMap.get('tenantCode')!.column;
  const timeCol = tenantR.fieldMap.get('deleteTime')!.column;
  const flagCol = tenantR.fieldMap.get('deleted')!.column;
  const now = services.now();

  await db.updateTable(tenantR.table).set({ [flagCol]: dialect.toDb('boolean', false) }).where(flagCol, 'is', null).where(timeCol, 'is', null).execute();

  const deleted = (await db.selectFrom(tenantR.table).select([codeCol, timeCol]).where(timeCol, 'is not', null).execute()) as Row[];
  const sessionsEnded = await revokeTenantSessions(db, deleted.map((row) => String(row[codeCol])), now);

  const days = await graceDays(services);
  const purged: string[] = [];
  for (const row of deleted) {
    const code = String(row[codeCol]);
    const at = dialect.fromDb('datetime', row[timeCol]);
    const deletedAt = Date.parse(at instanceof Date ? at.toISOString() : String(at));
    if (Number.isNaN(deletedAt) || deletedAt + days * DAY_MS > now.getTime()) continue;
    if (code === config.platformTenant) {
      services.log?.warn(`Tenant ${code} is marked deleted but is the platform tenant: it is not purged`);
      continue;
    }
    await purgeTenant(services, code);
    purged.push(code);
    services.log?.info(`Tenant ${code}, deleted at ${new Date(deletedAt).toISOString()}, purged after its grace period of ${days} days`);
  }
  return { purged, sessionsEnded };
}

/**
 * Runs the upkeep now and then every TENANT_UPKEEP_INTERVAL_MS; returns the function that
 * stops it. A failed run is logged and tried again at the next one.
 */
export async function startTenantUpkeep(services: UpkeepServices): Promise<() => void> {
  const run = () =>
    runTenantUpkeep(services).catch((err: unknown) => {
      services.log?.error({ err }, 'the upkeep of deleted tenants failed');
    });
  await run();
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= run().finally(() => (running = undefined));
  }, TENANT_UPKEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
