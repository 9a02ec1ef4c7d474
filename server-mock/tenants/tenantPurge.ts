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
 * The platform tenant is never purged, even if something marked it deleted. The statements,
 * which reach across tenants, are the system store's named methods (access/systemStore.ts).
 */
import type { Services } from '../calls/context.ts';
import { DAY_MS, graceDays } from './tenantDeletion.ts';

/** How often the upkeep runs after the start. */
const TENANT_UPKEEP_INTERVAL_MS = 10 * 60_000;

type UpkeepServices = Pick<Services, 'system' | 'config' | 'log' | 'now'>;

export interface UpkeepReport {
  /** Tenants whose rows were removed. */
  purged: string[];
  /** Sessions of deleted tenants ended. */
  sessionsEnded: number;
}

/** One run of the upkeep (see the top of this file). */
export async function runTenantUpkeep(services: UpkeepServices): Promise<UpkeepReport> {
  const { system, config } = services;
  const now = services.now();

  await system.fillTenantDeletedFlags();
  const deleted = await system.deletedTenants();
  const sessionsEnded = await system.revokeTenantSessions(
    deleted.map((t) => t.tenantCode),
    now,
  );

  const days = await graceDays(services);
  const purged: string[] = [];
  for (const { tenantCode: code, deletedAt: at } of deleted) {
    const deletedAt = at === null ? Number.NaN : Date.parse(at);
    if (Number.isNaN(deletedAt) || deletedAt + days * DAY_MS > now.getTime()) continue;
    if (code === config.platformTenant) {
      services.log?.warn(`Tenant ${code} is marked deleted but is the platform tenant: it is not purged`);
      continue;
    }
    await system.purgeTenant(code);
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
