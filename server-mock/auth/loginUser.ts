/**
 * The account a login name names in a tenant, for the public sign-in calls (which read the
 * tenant their request names, through the system store's `tenant()`).
 */
import type { Row } from '../db/anyKysely.ts';
import type { TenantData } from '../access/tenantData.ts';

/**
 * The user whose username, email or mobile is `login` in the tenant. Each is unique within a
 * tenant, but one user's email could be another's username: the username wins, then the
 * email, then the mobile.
 */
export async function findLoginUser(data: TenantData, login: string): Promise<Row | undefined> {
  if (!data.tenantCode || !login) return undefined;
  const rows = (await data
    .select(data.resource('SysUser'))
    .selectAll()
    .where((eb) => eb.or([eb('username', '=', login), eb('email', '=', login), eb('mobile', '=', login)]))
    .limit(3)
    .execute()) as Row[];
  return rows.find((r) => r.username === login) ?? rows.find((r) => r.email === login) ?? rows.find((r) => r.mobile === login);
}

/** The name failures and locks are kept under: the account's username, or the name as typed. */
export async function lockKey(data: TenantData, login: string): Promise<string> {
  const user = await findLoginUser(data, login);
  return user ? String(user.username) : login;
}
