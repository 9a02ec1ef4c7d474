/**
 * Demo data written on first start (an empty database): tenants demo and acme, their users,
 * dictionaries, organisations, posts, regions, parameters and the `browser` app client.
 */
import type { Registry } from '../../schemas/registry/types.ts';
import { getMessage, messageKeys, type Messages } from '../../schemas/registry/locales.ts';
import { TenantData } from '../access/tenantData.ts';
import type { Database } from '../db/database.ts';
import type { AnyKysely, Row } from '../db/anyKysely.ts';
import { BROWSER_CLIENT, EDITOR_HIDDEN_USER_FIELDS, insertRecord, syncTenant, type SeedContext } from './provisionTenant.ts';

export const DEMO_TENANTS = [
  { tenantCode: 'demo', tenantName: 'Demo Materials Co.', domain: 'demo.example.com', tenantContact: 'Li Lei', tenantEmail: 'contact@demo.example.com', tenantTel: '010-88886666' },
  { tenantCode: 'acme', tenantName: 'Acme Construction', domain: 'acme.example.com', tenantContact: 'Han Meimei', tenantEmail: 'contact@acme.example.com', tenantTel: '021-66668888' },
];

export const DEMO_USERS = [
  { tenantCode: 'demo', username: 'admin', nickname: 'Administrator', email: 'admin@demo.example.com', mobile: '13800000001', role: 'ROLE_ADMIN', post: 'manager' },
  { tenantCode: 'demo', username: 'editor', nickname: 'Editor', email: 'editor@demo.example.com', mobile: '13800000002', role: 'ROLE_EDITOR', post: 'engineer' },
  { tenantCode: 'demo', username: 'visitor', nickname: 'Visitor', email: 'visitor@demo.example.com', mobile: '13800000003', role: 'ROLE_VISITOR', post: 'engineer' },
  { tenantCode: 'acme', username: 'admin', nickname: 'Acme Administrator', email: 'admin@acme.example.com', mobile: '13800000001', role: 'ROLE_ADMIN', post: 'manager' },
];

const ORGS = [
  { key: 'group', orgName: 'Group Headquarters', orgType: 'company', parent: null, orgDescription: 'The whole company' },
  { key: 'it', orgName: 'Information Department', orgType: 'department', parent: 'group', orgDescription: 'Systems and data' },
  { key: 'supply', orgName: 'Supply Department', orgType: 'department', parent: 'group', orgDescription: 'Purchasing of steel and concrete' },
  { key: 'p1', orgName: 'Riverside Bridge Project', orgType: 'project', parent: 'group', orgDescription: 'Steel and concrete works' },
  { key: 'p2', orgName: 'Metro Line 3 Project', orgType: 'project', parent: 'group', orgDescription: 'Tunnel and stations' },
];

const POSTS = [
  { postCode: 'manager', postName: 'Manager', postParent: '0', postSequence: 10 },
  { postCode: 'engineer', postName: 'Engineer', postParent: 'manager', postSequence: 20 },
  { postCode: 'storekeeper', postName: 'Storekeeper', postParent: 'manager', postSequence: 30 },
];

const REGIONS = [
  { regionCode: '110000', regionName: 'Beijing', regionType: 'province', regionParent: '0' },
  { regionCode: '110100', regionName: 'Beijing City', regionType: 'city', regionParent: '110000' },
  { regionCode: '110105', regionName: 'Chaoyang District', regionType: 'district', regionParent: '110100' },
  { regionCode: '310000', regionName: 'Shanghai', regionType: 'province', regionParent: '0' },
  { regionCode: '310100', regionName: 'Shanghai City', regionType: 'city', regionParent: '310000' },
  { regionCode: '310115', regionName: 'Pudong New Area', regionType: 'district', regionParent: '310100' },
];

const PARAMS = [
  { paramName: 'Upload size limit (MB)', paramKey: 'file.upload.maxSizeMb', paramValue: '10' },
  { paramName: 'Default page size', paramKey: 'list.pageSize', paramValue: '10' },
  { paramName: 'Job history length', paramKey: 'job.history.size', paramValue: '10' },
];

/** Dictionary types and values from the locale keys dict.<type>.<value>. */
export function dictionaries(en: Messages): Map<string, { value: string; name: string }[]> {
  const out = new Map<string, { value: string; name: string }[]>();
  for (const key of messageKeys(en)) {
    const m = /^dict\.([^.]+)\.([^.]+)$/.exec(key);
    if (!m) continue;
    const list = out.get(m[1]!) ?? [];
    list.push({ value: m[2]!, name: getMessage(en, key)! });
    out.set(m[1]!, list);
  }
  return out;
}

async function seedTenantContent(data: TenantData, ctx: SeedContext, demoPassword: string, tenantCode: string): Promise<void> {
  const r = (name: string) => ctx.registry.byName.get(name)!;
  const now = ctx.now;

  // Dictionaries: one root per type (dictType "root", dictValue = the type), values under it.
  let seq = 0;
  for (const [type, values] of dictionaries(ctx.en)) {
    const rootId = await insertRecord(data, r('SysDict'), { dictType: 'root', dictValue: type, dictName: getMessage(ctx.en, `dictTypes.${type}`) ?? type, dictParent: 0, dictSequence: (seq += 10) }, now);
    let i = 0;
    for (const v of values) {
      await insertRecord(data, r('SysDict'), { dictType: type, dictValue: v.value, dictName: v.name, dictParent: rootId, dictSequence: (i += 10) }, now);
    }
  }

  const orgIds = new Map<string, number>();
  for (const [i, o] of ORGS.entries()) {
    const id = await insertRecord(data, r('SysOrg'), { orgName: o.orgName, orgType: o.orgType, orgDescription: o.orgDescription, orgSequence: (i + 1) * 10, orgParent: o.parent ? orgIds.get(o.parent)! : 0 }, now);
    orgIds.set(o.key, id);
  }
  for (const p of POSTS) await insertRecord(data, r('SysPost'), p, now);
  for (const g of REGIONS) await insertRecord(data, r('SysRegion'), g, now);
  for (const p of PARAMS) await insertRecord(data, r('SysParam'), p, now);
  await insertRecord(data, r('AppClient'), { ...BROWSER_CLIENT, clientSecret: '' }, now);

  const roleIds = new Map<string, number>();
  for (const row of (await data.select(r('SysRole')).select(['id', 'role_code']).execute()) as Row[]) {
    roleIds.set(String(row.role_code), Number(row.id));
  }
  for (const u of DEMO_USERS.filter((x) => x.tenantCode === tenantCode)) {
    const userId = await insertRecord(
      data,
      r('SysUser'),
      { username: u.username, nickname: u.nickname, password: demoPassword, email: u.email, prefix: '+86', mobile: u.mobile, orgId: orgIds.get('it')!, status: 1, address: 'No. 1 Demo Road', profile: `${u.nickname} of the demo company` },
      now,
    );
    await insertRecord(data, r('SysRoleUser'), { roleId: roleIds.get(u.role)!, userId, postCode: u.post }, now);
    await insertRecord(data, r('SysUserPost'), { userId, postCode: u.post, postType: 'main', postDescription: 'Main post' }, now);
  }
  await insertRecord(data, r('SysRoleData'), { roleCode: 'ROLE_EDITOR', menuCode: 'sysuser', dataFields: EDITOR_HIDDEN_USER_FIELDS }, now);
}

export interface SeedReport {
  seeded: boolean;
}

/** On an empty database: the demo tenants and their content. Always: the additive sync of every tenant. */
export async function seedDatabase(database: Database, db: AnyKysely, registry: Registry, ctx: Omit<SeedContext, 'registry'>, demoPassword: string): Promise<SeedReport> {
  const seedCtx: SeedContext = { ...ctx, registry };
  const tenantR = registry.byName.get('SysTenant')!;
  const platform = new TenantData(database, registry, '', db);
  const existingTenants = (await platform.select(tenantR).select('tenant_code').execute()) as Row[];
  const seeded = existingTenants.length === 0;
  if (seeded) {
    await platform.transaction(async (tx) => {
      for (const t of DEMO_TENANTS) await insertRecord(tx, tenantR, { ...t, startTime: ctx.now.toISOString() }, ctx.now);
      for (const t of DEMO_TENANTS) {
        const data = tx.forTenant(t.tenantCode);
        await syncTenant(data, seedCtx);
        await seedTenantContent(data, seedCtx, demoPassword, t.tenantCode);
      }
    });
  } else {
    for (const t of existingTenants) {
      const data = new TenantData(database, registry, String(t.tenant_code), db);
      await data.transaction((tx) => syncTenant(tx, seedCtx));
    }
  }
  return { seeded };
}
