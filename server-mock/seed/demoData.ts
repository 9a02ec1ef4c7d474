/**
 * Demo data written on first start (an empty database): tenants demo and acme, their users,
 * organisations, posts, regions, parameters, notifications and the `browser` app client (the
 * dictionaries come with the sync of every tenant, provisionTenant.ts).
 */
import type { Registry } from '../../schemas/registry/types.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { SystemStore } from '../access/systemStore.ts';
import type { Row } from '../db/anyKysely.ts';
import { writeLinkValues } from '../crud/linkValues.ts';
import { DEMO_FORM } from './demoForm.ts';
import { BROWSER_CLIENT, EDITOR_HIDDEN_USER_FIELDS, insertRecord, syncTenant, type SeedContext } from './provisionTenant.ts';
import { seedDemoWorkflow } from '../workflow/demoModel.ts';
import { seedDemoJobs } from '../jobs/demoJobs.ts';

const DEMO_TENANTS = [
  {
    tenantCode: 'demo',
    tenantName: 'Demo Materials Co.',
    domain: 'demo.example.com',
    tenantContact: 'Li Lei',
    tenantEmail: 'contact@demo.example.com',
    tenantTel: '010-88886666',
  },
  {
    tenantCode: 'acme',
    tenantName: 'Acme Construction',
    domain: 'acme.example.com',
    tenantContact: 'Han Meimei',
    tenantEmail: 'contact@acme.example.com',
    tenantTel: '021-66668888',
  },
];

export const DEMO_USERS = [
  {
    tenantCode: 'demo',
    username: 'admin',
    nickname: 'Administrator',
    email: 'admin@demo.example.com',
    mobile: '13800000001',
    role: 'ROLE_ADMIN',
    post: 'manager',
  },
  {
    tenantCode: 'demo',
    username: 'editor',
    nickname: 'Editor',
    email: 'editor@demo.example.com',
    mobile: '13800000002',
    role: 'ROLE_EDITOR',
    post: 'engineer',
  },
  {
    tenantCode: 'demo',
    username: 'visitor',
    nickname: 'Visitor',
    email: 'visitor@demo.example.com',
    mobile: '13800000003',
    role: 'ROLE_VISITOR',
    post: 'engineer',
  },
  {
    tenantCode: 'acme',
    username: 'admin',
    nickname: 'Acme Administrator',
    email: 'admin@acme.example.com',
    mobile: '13800000001',
    role: 'ROLE_ADMIN',
    post: 'manager',
  },
];

const ORGS = [
  { key: 'group', orgName: 'Group Headquarters', orgType: 'company', parent: null, orgDescription: 'The whole company' },
  { key: 'it', orgName: 'Information Department', orgType: 'department', parent: 'group', orgDescription: 'Systems and data' },
  {
    key: 'supply',
    orgName: 'Supply Department',
    orgType: 'department',
    parent: 'group',
    orgDescription: 'Purchasing of steel and concrete',
  },
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

const DAY_MS = 86_400_000;

/**
 * Notifications of the demo tenants, in the order they are written (the list shows the last
 * first). `to` names the recipients by username (none: every user); `days` is a period from
 * the seeding day.
 */
export const DEMO_NOTIFICATIONS = [
  {
    tenantCode: 'demo',
    title: 'Steel plan applications to review',
    content: '<p>Three <strong>steel plan applications</strong> of the Riverside Bridge Project wait for your review.</p>',
    type: 'message',
    priority: 1,
    publisher: 'admin',
    to: ['editor'],
  },
  {
    tenantCode: 'demo',
    title: 'Quarterly stock count',
    content:
      '<p>The quarterly count of steel and concrete stock runs this month.</p><ul><li>Close open receipts first.</li><li>Report differences to the Supply Department.</li></ul>',
    type: 'notice',
    priority: 2,
    publisher: 'admin',
    days: 30,
  },
  {
    tenantCode: 'demo',
    title: 'Welcome to the material management platform',
    content: '<p>Welcome! Your <em>workbench</em> shows the latest notifications; the bell in the header lists them too.</p>',
    type: 'notice',
    priority: 3,
    publisher: 'admin',
  },
  {
    tenantCode: 'acme',
    title: 'Site safety week',
    content: '<p>Safety inspections take place on every site next week.</p>',
    type: 'notice',
    priority: 1,
    publisher: 'admin',
  },
];

async function seedTenantContent(data: TenantData, ctx: SeedContext, demoPassword: string, tenantCode: string): Promise<void> {
  const r = (name: string) => ctx.registry.byName.get(name)!;
  const now = ctx.now;

  const orgIds = new Map<string, number>();
  for (const [i, o] of ORGS.entries()) {
    const id = await insertRecord(
      data,
      r('SysOrg'),
      {
        orgName: o.orgName,
        orgType: o.orgType,
        orgDescription: o.orgDescription,
        orgSequence: (i + 1) * 10,
        orgParent: o.parent ? orgIds.get(o.parent)! : 0,
      },
      now,
    );
    orgIds.set(o.key, id);
  }
  for (const p of POSTS) await insertRecord(data, r('SysPost'), p, now);
  for (const g of REGIONS) await insertRecord(data, r('SysRegion'), g, now);
  for (const p of PARAMS) await insertRecord(data, r('SysParam'), p, now);
  await insertRecord(data, r('GeneratorForm'), DEMO_FORM, now);
  await insertRecord(data, r('AppClient'), { ...BROWSER_CLIENT, clientSecret: '' }, now);

  const roleIds = new Map<string, number>();
  for (const row of (await data.select(r('SysRole')).select(['id', 'role_code']).execute()) as Row[]) {
    roleIds.set(String(row.role_code), Number(row.id));
  }
  for (const u of DEMO_USERS.filter((x) => x.tenantCode === tenantCode)) {
    const userId = await insertRecord(
      data,
      r('SysUser'),
      {
        username: u.username,
        nickname: u.nickname,
        password: demoPassword,
        email: u.email,
        prefix: '+86',
        mobile: u.mobile,
        orgId: orgIds.get('it')!,
        status: 1,
        address: 'No. 1 Demo Road',
        profile: `${u.nickname} of the demo company`,
      },
      now,
    );
    await insertRecord(data, r('SysRoleUser'), { roleId: roleIds.get(u.role)!, userId, postCode: u.post }, now);
    await insertRecord(data, r('SysUserPost'), { userId, postCode: u.post, postType: 'main', postDescription: 'Main post' }, now);
  }
  await insertRecord(data, r('SysRoleData'), { roleCode: 'ROLE_EDITOR', menuCode: 'sysuser', dataFields: EDITOR_HIDDEN_USER_FIELDS }, now);

  const userIds = new Map<string, number>();
  for (const row of (await data.select(r('SysUser')).select(['id', 'username']).execute()) as Row[])
    userIds.set(String(row.username), Number(row.id));
  for (const { tenantCode: tenant, to, days, ...n } of DEMO_NOTIFICATIONS) {
    if (tenant !== tenantCode) continue;
    const period = days ? { startTime: now.toISOString(), endTime: new Date(now.getTime() + days * DAY_MS).toISOString() } : {};
    const id = await insertRecord(data, r('Notification'), { ...n, ...period }, now);
    if (to) await writeLinkValues(data, r('Notification'), id, { userIds: to.map((u) => userIds.get(u)!) }, now);
  }
  // the workflow models, deployed, with processes waiting at and past their tasks (workflow/demoModel.ts)
  await seedDemoWorkflow(data, (record) => insertRecord(data, r('Model'), record, now), orgIds.get('group')!, new Set(userIds.keys()), now);
  await seedDemoJobs((name, record) => insertRecord(data, r(name), record, now), now);
}

export interface SeedReport {
  seeded: boolean;
}

/**
 * On an empty database: the demo tenants and their content. Always: the additive sync of every
 * tenant. `system` is bound to the start-up connection; each tenant is written through its own
 * TenantData.
 */
export async function seedDatabase(
  system: SystemStore,
  registry: Registry,
  ctx: Omit<SeedContext, 'registry'>,
  demoPassword: string,
): Promise<SeedReport> {
  const seedCtx: SeedContext = { ...ctx, registry };
  const tenantR = registry.byName.get('SysTenant')!;
  const existingTenants = await system.allTenantCodes();
  const seeded = existingTenants.length === 0;
  if (seeded) {
    await system.transaction(async (tx) => {
      for (const t of DEMO_TENANTS)
        await insertRecord(tx.tenant(t.tenantCode), tenantR, { ...t, startTime: ctx.now.toISOString(), deleted: false }, ctx.now);
      for (const t of DEMO_TENANTS) {
        const data = tx.tenant(t.tenantCode);
        await syncTenant(data, seedCtx);
        await seedTenantContent(data, seedCtx, demoPassword, t.tenantCode);
      }
    });
  } else {
    for (const code of existingTenants) await system.transaction((tx) => syncTenant(tx.tenant(code), seedCtx));
  }
  return { seeded };
}
