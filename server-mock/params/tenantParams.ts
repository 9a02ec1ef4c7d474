/**
 * Tenant parameters: the rows of a tenant's parameters page (SysParam, `paramKey` unique in a
 * tenant), read by the server where a behaviour is a tenant's setting. A parameter that is
 * missing or not valid falls back to its documented default, so a behaviour a parameter turns
 * on is off until the tenant's administrator adds the row.
 */
import type { Row } from '../db/anyKysely.ts';
import type { TenantData } from '../access/tenantData.ts';

/** "true" lets anyone register an account in the tenant (registerAccountInitial); off by default. */
export const SELF_REGISTRATION_PARAM = 'account.selfRegistration';

/** The value of a parameter of the tenant `data` is bound to, or undefined when it has no such parameter. */
export async function tenantParam(data: TenantData, key: string): Promise<string | undefined> {
  const r = data.resource('SysParam');
  const value = r.fieldMap.get('paramValue')!.column;
  const row = (await data
    .select(r)
    .select(value)
    .where(`${r.table}.${r.fieldMap.get('paramKey')!.column}`, '=', key)
    .executeTakeFirst()) as Row | undefined;
  if (!row) return undefined;
  const v = row[value];
  return v === null || v === undefined ? '' : String(v);
}

/** A yes/no parameter: on only when its value is true, yes, on or 1 (any case). */
export async function tenantFlag(data: TenantData, key: string): Promise<boolean> {
  const value = (await tenantParam(data, key))?.trim().toLowerCase();
  return value === 'true' || value === 'yes' || value === 'on' || value === '1';
}

/**
 * An integer parameter within [min, max]; `fallback` when it is missing, and (with a warning)
 * when it is not such an integer.
 */
export async function readIntegerParam(
  data: TenantData,
  spec: { key: string; fallback: number; min: number; max: number },
  warn: (message: string) => void = () => undefined,
): Promise<number> {
  const text = await tenantParam(data, spec.key);
  if (text === undefined) return spec.fallback;
  const n = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(n) || n < spec.min || n > spec.max) {
    warn(
      `Parameter ${spec.key} of tenant ${data.tenantCode} is "${text}", not a whole number from ${spec.min} to ${spec.max}: using ${spec.fallback}`,
    );
    return spec.fallback;
  }
  return n;
}
