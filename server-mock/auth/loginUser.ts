/**
 * The account a login name names in a tenant, for the public sign-in calls (the only handlers
 * that read users across tenants, with the database itself and an explicit tenant code).
 */
import type { Registry } from '../../schemas/registry/types.ts';
import type { AnyKysely, Row } from '../db/anyKysely.ts';

export function tableOf(registry: Registry, resource: string): string {
  return registry.byName.get(resource)!.table;
}

/**
 * The user whose username, email or mobile is `login` in the tenant. Each is unique within a
 * tenant, but one user's email could be another's username: the username wins, then the
 * email, then the mobile.
 */
export async function findLoginUser(db: AnyKysely, registry: Registry, tenantCode: string, login: string): Promise<Row | undefined> {
  if (!tenantCode || !login) return undefined;
  const rows = (await db
    .selectFrom(tableOf(registry, 'SysUser'))
    .selectAll()
    .where('tenant_code', '=', tenantCode)
    .where((eb) => eb.or([eb('username', '=', login), eb('email', '=', login), eb('mobile', '=', login)]))
    .limit(3)
    .execute()) as Row[];
  return (
    rows.find((r) => r.username === login) ?? rows.find((r) => r.email === login) ?? rows.find((r) => r.mobile === login)
  );
}

/** The name failures and locks are kept under: the account's username, or the name as typed. */
export async function lockKey(db: AnyKysely, registry: Registry, tenantCode: string, login: string): Promise<string> {
  const user = await findLoginUser(db, registry, tenantCode, login);
  return user ? String(user.username) : login;
}
