/**
 * Tenant parameters: rows of the tenant's sys_param (the Parameters page, SysParam), read by
 * key. A tenant without the row gets the default, so a behaviour a parameter turns on is off
 * until the tenant's administrator adds the row.
 */
import type { Row } from '../db/anyKysely.ts';
import type { TenantData } from '../access/tenantData.ts';

/** "true" lets anyone register an account in the tenant (registerAccountInitial); off by default. */
export const SELF_REGISTRATION_PARAM = 'account.selfRegistration';

/** The value of a tenant's parameter, or undefined when the tenant has none. */
export async function tenantParam(data: TenantData, key: string): Promise<string | undefined> {
  const r = data.resource('SysParam');
  const row = (await data.select(r).select('param_value').where('param_key', '=', key).orderBy('id').executeTakeFirst()) as Row | undefined;
  return row ? String(row.param_value ?? '') : undefined;
}

/** A yes/no parameter: on only when its value is true, yes, on or 1 (any case). */
export async function tenantFlag(data: TenantData, key: string): Promise<boolean> {
  const value = (await tenantParam(data, key))?.trim().toLowerCase();
  return value === 'true' || value === 'yes' || value === 'on' || value === '1';
}
