/**
 * The resource files load and normalise as documented, carry the spec's rules, and every kind
 * of mistake is reported with the file, the JSON pointer and a message.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSchemaAjv, loadRegistry, RegistryError, type RegistryIssue } from '../../schemas/registry/loadRegistry.ts';
import { LOCALES, getMessage, loadLocales, messageKeys } from '../../schemas/registry/locales.ts';
import type { Registry } from '../../schemas/registry/types.ts';

const registry = loadRegistry('schemas');
const locales = loadLocales('schemas');
const resource = (name: string) => {
  const r = registry.byName.get(name);
  if (!r) throw new Error(`no resource ${name}`);
  return r;
};
const callsOf = (name: string) => Object.fromEntries(resource(name).calls.map((c) => [c.name, c]));

describe('the resource files', () => {
  it('describe every system resource', () => {
    const byKind = (kind: string) =>
      registry.resources
        .filter((r) => r.kind === kind)
        .map((r) => r.name)
        .sort();
    expect(byKind('entity')).toEqual([
      'AppClient',
      'AppInfo',
      'GeneratorForm',
      'JobInfo',
      'Model',
      'Notification',
      'SysDict',
      'SysMenu',
      'SysMenuButton',
      'SysOrg',
      'SysParam',
      'SysPost',
      'SysRegion',
      'SysRole',
      'SysTenant',
      'SysUrl',
      'SysUser',
      'SysUserPost',
      'WorkflowInfo',
    ]);
    expect(byKind('link')).toEqual([
      'DagTaskInstance',
      'Deployment',
      'File',
      'FileSysuser',
      'HistoricActivityInstance',
      'HistoricDetail',
      'JobInstance',
      'JobTask',
      'JobWorker',
      'ModelOrg',
      'ModelUser',
      'NotificationOrg',
      'NotificationRead',
      'NotificationRole',
      'NotificationSysuser',
      'ProcessDefinition',
      'ProcessInstance',
      'SysAuditLog',
      'SysDeletedHold',
      'SysImportJob',
      'SysRoleData',
      'SysRoleMenu',
      'SysRoleMenuButton',
      'SysRoleUrl',
      'SysRoleUser',
      'Task',
      'TaskCandidate',
      'TaskComment',
      'WorkflowInstance',
    ]);
    expect(byKind('service')).toEqual([
      'AssigneeTask',
      'CandidateTask',
      'Captcha',
      'Execution',
      'FinishedTask',
      'HistoricProcessInstance',
      'HistoricTaskInstance',
      'HistoricVariableInstance',
      'MockArticle',
      'MockArticleSheet',
      'MockArticleZip',
      'Monitor',
      'MyNotification',
      'MyProcess',
      'OAuth',
      'ServerMetrics',
      'StartProcess',
      'SysOnlineUser',
      'SysUserDetail',
      'UaaUser',
    ]);
    expect(Object.fromEntries(registry.resources.filter((r) => r.kind !== 'service').map((r) => [r.name, r.table]))).toMatchObject({
      SysUser: 'sys_user',
      SysRoleUser: 'sys_role_user',
      SysRoleMenuButton: 'sys_role_menubutton',
      SysRoleData: 'sys_role_data',
      AppClient: 'app_client',
      SysTenant: 'sys_tenant',
      Notification: 'notification',
      NotificationSysuser: 'notification_sysuser',
      SysImportJob: 'sys_import_job',
    });
  });

  it('give the platform call names, URLs and methods', () => {
    const role = resource('SysRole');
    const calls = Object.fromEntries(role.calls.map((c) => [c.name, `${c.method} ${c.url} ${c.verb} ${c.result}`]));
    expect(calls).toMatchObject({
      querySysRole: 'GET /api/admin/sysrole/querySysRole query envelope',
      addSysRole: 'POST /api/admin/sysrole/addSysRole add envelope',
      updateSysRole: 'PUT /api/admin/sysrole/updateSysRole update envelope',
      deleteSysRole: 'POST /api/admin/sysrole/deleteSysRole delete envelope',
      exportSysRole: 'POST /api/admin/sysrole/exportSysRole export blob',
      exportWordSysRole: 'POST /api/admin/sysrole/exportWordSysRole exportWord blob',
      exportPdfSysRole: 'POST /api/admin/sysrole/exportPDFSysRole exportPdf blob',
      importSysRole: 'POST /api/admin/sysrole/importSysRole import envelope',
      queryRoleNameCheckbox: 'GET /api/admin/sysrole/queryRoleNameCheckbox custom envelope',
    });
    expect(role.calls.find((c) => c.name === 'addSysRole')).toMatchObject({
      handler: 'crud.add',
      auth: 'grant',
      permission: 'sysrole:add',
    });
    // Word, PDF and import take the resource's own action when declared, else export's and add's
    const permission = (name: string) => registry.calls.find((c) => c.name === name)?.permission;
    expect([permission('exportWordSysRole'), permission('exportPdfSysRole'), permission('importSysRole')]).toEqual([
      'sysrole:export',
      'sysrole:export',
      'sysrole:add',
    ]);
    expect([permission('exportWordSysUser'), permission('exportPdfSysUser'), permission('importSysUser')]).toEqual([
      'sysuser:exportWord',
      'sysuser:exportPdf',
      'sysuser:import',
    ]);
    expect([permission('exportWordAppClient'), permission('exportPdfAppClient'), permission('importAppClient')]).toEqual([
      'appclient:exportWord',
      'appclient:exportPdf',
      'appclient:add',
    ]);
    expect(role.calls.find((c) => c.name === 'importSysRole')).toMatchObject({ handler: 'crud.import', method: 'POST' });
    for (const r of registry.resources.filter((x) => x.kind === 'entity')) {
      expect(
        r.calls.filter((c) => c.verb !== 'custom' && c.verb !== 'tree').map((c) => c.verb),
        r.name,
      ).toEqual(['query', 'add', 'update', 'delete', 'export', 'exportWord', 'exportPdf', 'import']);
    }
    expect(registry.callByUrl.get('/api/uaa/appclient/queryAppClient')?.handler).toBe('crud.query');
    // the platform serves the app client's Word and PDF exports from another service (callServices)
    expect(
      ['exportAppClient', 'exportWordAppClient', 'exportPdfAppClient'].map((n) => registry.calls.find((c) => c.name === n)?.url),
    ).toEqual([
      '/api/uaa/appclient/exportAppClient',
      '/api/admin/appclient/exportWordAppClient',
      '/api/admin/appclient/exportPDFAppClient',
    ]);
    expect(registry.callByUrl.get('/api/admin/systenant/querySysTenant')).toBeDefined();
    expect(registry.callByUrl.get('/api/account/sysuserdetail/updatePassword')).toMatchObject({
      method: 'PUT',
      auth: 'session',
      handler: 'auth.updatePassword',
    });
    expect(registry.callByUrl.get('/api/account/captcha/getSmsCaptcha')).toMatchObject({ method: 'GET', auth: 'public' });
    expect(registry.callByUrl.get('/api/uaa/users/getSysUser')).toMatchObject({ method: 'GET', auth: 'session' });
    expect(registry.callByUrl.get('/api/admin/sysuser/registerNewSession')).toMatchObject({ method: 'POST', auth: 'session' });
    const token = registry.callByUrl.get('/api/uaa/oauth/token')!;
    expect(token).toMatchObject({ method: 'POST', auth: 'public', result: 'raw', handler: 'auth.token' });
    expect(token.query?.required).toEqual(['grant_type']);
    expect(Object.keys(token.query!.properties!)).toEqual(
      expect.arrayContaining(['username', 'password', 'tenantCode', 'scope', 'grant_type', 'client_id', 'type', 'mobile', 'smsCaptcha']),
    );
  });

  it('give the calls the spec names, with their handlers and permissions', () => {
    expect(Object.keys(callsOf('SysUser'))).toEqual(
      expect.arrayContaining([
        'queryOnlineSysUser',
        'removePrincipal',
        'queryTenantUser',
        'handleSuccess',
        'handleFail',
        'registerNewSession',
        'addSysTenantUser',
        'queryUsername',
        'authorizeRoleToUser',
      ]),
    );
    expect(callsOf('SysUser').authorizeRoleToUser).toMatchObject({
      method: 'POST',
      handler: 'link.replace',
      options: { link: 'SysUser.roles' },
      permission: 'sysuser:grantRole',
    });
    expect(callsOf('SysUser').queryTenantUser).toMatchObject({ auth: 'public', handler: 'auth.queryTenantUser' });
    const menu = callsOf('SysMenu');
    expect(Object.keys(menu)).toEqual(
      expect.arrayContaining([
        'queryMenuIdByRoleId',
        'authorizeMenuToRole',
        'queryMenuButtonCheckbox',
        'queryCheckedMenuButton',
        'querySysMenuButtonTree',
        'queryMenuButtonByRoleCode',
        'authorizeMenuButtonToRole',
        'queryDataFieldByMenuCode',
        'deleteDataField',
        'authorizeMenuDataToRole',
      ]),
    );
    expect(menu.authorizeMenuDataToRole).toMatchObject({
      method: 'POST',
      handler: 'grant.menuDataToRole',
      permission: 'datapermission:add',
    });
    expect(menu.deleteDataField).toMatchObject({ method: 'POST', permission: 'datapermission:delete' });
    expect(callsOf('SysOrg').queryOrgByType).toMatchObject({ handler: 'lookup.byField', options: { field: 'orgType', value: 'project' } });
    expect(callsOf('SysOrg').queryOrgType).toMatchObject({ handler: 'lookup.dict', options: { dictType: 'org_type' } });
    expect(callsOf('SysRegion').queryRegionType).toMatchObject({ handler: 'lookup.dict', options: { dictType: 'region_type' } });
    expect(callsOf('SysDict').queryDictByDictType?.query?.required).toEqual(['dictType']);
    expect(Object.keys(callsOf('SysUrl'))).toEqual(
      expect.arrayContaining(['queryRoleIdByUrlId', 'queryUrlIdByRoleId', 'authorizeRoleToUrl', 'authorizeUrlToRole']),
    );
    expect(callsOf('SysUserPost').querySysUserPostTree).toMatchObject({
      method: 'GET',
      handler: 'grant.userPostTree',
      url: '/api/admin/sysuserpost/querySysUserPostTree',
    });
  });

  it('give tree resources their tree call, and only them', () => {
    const trees = registry.resources
      .filter((r) => r.list.tree)
      .map((r) => r.name)
      .sort();
    expect(trees).toEqual(['SysDict', 'SysMenu', 'SysOrg', 'SysPost', 'SysRegion']);
    for (const name of trees) {
      const r = resource(name);
      expect(r.list.mode).toBe('tree');
      expect(r.calls.find((c) => c.verb === 'tree')).toMatchObject({ method: 'GET', url: `/api/admin/${r.path}/query${name}Tree` });
    }
    expect(resource('SysRole').calls.some((c) => c.verb === 'tree')).toBe(false);
    expect(resource('SysMenu').list.tree).toEqual({
      keyField: 'menuCode',
      parentField: 'menuParent',
      labelField: 'menuName',
      rootValue: '0',
      sequenceField: 'menuSequence',
      titleField: 'menuTitle',
    });
    expect(resource('SysOrg').list.tree).toMatchObject({ keyField: 'id', parentField: 'orgParent', rootValue: 0 });
    expect(resource('SysRegion').list.tree).toMatchObject({ keyField: 'regionCode', parentField: 'regionParent', rootValue: '0' });
  });

  it('give link and service resources no standard calls', () => {
    for (const r of registry.resources.filter((x) => x.kind !== 'entity')) {
      expect(
        r.calls.every((c) => c.verb === 'custom'),
        r.name,
      ).toBe(true);
    }
    // A service resource has fields only as a list-only page (the rows of list.source), and no system fields.
    for (const r of registry.resources.filter((x) => x.kind === 'service')) {
      if (r.list.source)
        expect(
          r.fields.filter((f) => f.system),
          r.name,
        ).toEqual([]);
      else expect(r.fields, r.name).toEqual([]);
    }
  });

  it('keep secrets out of lists, searches and edit forms', () => {
    const user = resource('SysUser');
    expect(user.fieldMap.get('password')).toMatchObject({ secret: true, hash: true });
    expect(user.record.required).toContain('password');
    expect(user.list.columns.map((c) => c.field)).not.toContain('password');
    expect(user.form.create).toContain('password');
    expect(user.form.edit).not.toContain('password');
    expect(user.form.ui.password).toEqual({ confirm: true });
    expect(user.fieldMap.get('password')!.kind).toBe('password');
    expect(user.form.readOnlyOnEdit).toContain('username');
    const client = resource('AppClient');
    expect(client.fieldMap.get('clientSecret')).toMatchObject({ secret: true, hash: true });
    expect(client.form.edit).not.toContain('clientSecret');
    for (const r of registry.resources) {
      for (const f of r.fields.filter((x) => x.hash)) expect(f.secret, `${r.name}.${f.name}`).toBe(true);
    }
  });

  it('carry the validation rules of the spec', () => {
    const props = (name: string) => resource(name).record.properties!;
    const required = (name: string) => resource(name).record.required;
    expect(props('SysRegion').regionName).toMatchObject({ minLength: 2, maxLength: 40 });
    expect(props('SysRegion').regionCode).toMatchObject({ minLength: 6, maxLength: 20, pattern: '^[0-9]+$' });
    expect(required('SysRegion')).toEqual(expect.arrayContaining(['regionName', 'regionCode', 'regionType', 'regionParent']));
    expect(props('SysUser').username).toMatchObject({ minLength: 3, maxLength: 64 });
    expect(props('SysUser').password).toMatchObject({ minLength: 6, maxLength: 31 });
    expect(props('SysUser').email!.format).toBe('email');
    expect(required('SysUser')).toEqual(
      expect.arrayContaining(['username', 'password', 'email', 'mobile', 'prefix', 'orgId', 'status', 'nickname']),
    );
    expect(required('SysRole')).toEqual(['roleCode', 'roleName']);
    expect(required('SysPost')).toEqual(expect.arrayContaining(['postCode', 'postName', 'postParent']));
    expect(required('SysMenu')).toEqual(expect.arrayContaining(['menuCode', 'menuName', 'menuPath', 'menuParent']));
    expect(required('SysOrg')).toEqual(expect.arrayContaining(['orgName', 'orgType', 'orgParent']));
    expect(required('SysDict')).toEqual(expect.arrayContaining(['dictType', 'dictName', 'dictValue', 'dictParent']));
    expect(required('SysParam')).toEqual(expect.arrayContaining(['paramName', 'paramKey']));
    expect(required('SysUrl')).toContain('url');
    expect(required('AppClient')).toEqual(
      expect.arrayContaining(['clientCode', 'clientSecret', 'authType', 'authScope', 'tokenSeconds', 'refreshSeconds', 'fallbackUrl']),
    );
    expect(required('SysTenant')).toEqual(expect.arrayContaining(['tenantCode', 'tenantName']));
    expect(props('SysTenant').tenantName).toMatchObject({ minLength: 1, maxLength: 64 });
    expect(props('SysRoleData').dataFields!.pattern).toBeDefined();

    const ajv = createSchemaAjv();
    const valid = (name: string, field: string, value: unknown) => ajv.validate(props(name)[field]!, value);
    expect(valid('SysRegion', 'regionCode', '110000')).toBe(true);
    expect(valid('SysRegion', 'regionCode', '11000a')).toBe(false);
    expect(valid('SysRegion', 'regionCode', '11000')).toBe(false);
    expect(valid('SysUser', 'mobile', '13800138000')).toBe(true);
    expect(valid('SysUser', 'mobile', '138-0013')).toBe(false);
    expect(valid('SysUser', 'prefix', '+86')).toBe(true);
    expect(valid('SysUser', 'email', 'not-an-email')).toBe(false);
    expect(valid('SysRoleData', 'dataFields', 'email,mobile')).toBe(true);
    expect(valid('SysRoleData', 'dataFields', 'email;mobile')).toBe(false);
    expect(valid('SysMenuButton', 'buttonCode', 'sysuser:add')).toBe(true);
    expect(valid('SysMenuButton', 'buttonCode', 'add')).toBe(false);
    expect(valid('SysUrl', 'url', '/api/admin/sysuser/querySysUser')).toBe(true);
    expect(valid('SysUrl', 'url', '/admin/sysuser')).toBe(false);
    expect(valid('SysTenant', 'tenantCode', 'demo')).toBe(true);
    expect(valid('SysTenant', 'tenantCode', 'Demo')).toBe(false);
    expect(valid('AppClient', 'tokenSeconds', 59)).toBe(false);
  });

  it('declare the unique codes', () => {
    const unique = (name: string) => resource(name).storage.unique;
    const cases: [string, string[]][] = [
      ['SysUser', ['username']],
      ['SysRole', ['roleCode']],
      ['SysPost', ['postCode']],
      ['SysMenu', ['menuCode']],
      ['SysMenuButton', ['buttonCode']],
      ['SysDict', ['dictType', 'dictValue']],
      ['SysRegion', ['regionCode']],
      ['SysParam', ['paramKey']],
      ['SysUrl', ['url']],
      ['AppClient', ['clientCode']],
      ['SysTenant', ['tenantCode']],
      // the user first: requests look a user's roles up by it (docs/database.md)
      ['SysRoleUser', ['userId', 'roleId', 'postCode']],
    ];
    for (const [name, set] of cases) expect(unique(name), name).toContainEqual(set);
    expect(unique('SysOrg').flat()).not.toContain('orgName');
  });

  it('declare relations to existing resources and fields', () => {
    expect(resource('SysUser').relations.orgId).toEqual({
      resource: 'SysOrg',
      valueField: 'id',
      labelField: 'orgName',
      as: 'orgName',
      widget: 'treeSelect',
    });
    expect(resource('SysUser').list.filterTree).toEqual({ resource: 'SysOrg', field: 'orgId', subtree: true });
    expect(resource('SysUser').list.detail).toEqual({ resource: 'SysUserPost', foreignKey: 'userId' });
    expect(resource('SysUserPost').relations.userId).toMatchObject({ resource: 'SysUser', valueField: 'id' });
    expect(resource('SysUserPost').relations.postCode).toMatchObject({ resource: 'SysPost', valueField: 'postCode' });
    expect(resource('SysMenuButton').relations.menuCode).toMatchObject({ resource: 'SysMenu', valueField: 'menuCode' });
    for (const name of ['SysPost', 'SysMenu', 'SysOrg', 'SysDict', 'SysRegion']) {
      const r = resource(name);
      expect(r.relations[r.list.tree!.parentField], name).toMatchObject({ resource: name, valueField: r.list.tree!.keyField });
    }
  });

  it('name button permissions <menu code>:<action>, and give every call permission a button', () => {
    const buttons = new Set<string>();
    const callPermission = (name: string | undefined) => registry.calls.find((c) => c.name === name)?.permission;
    for (const r of registry.resources) {
      for (const a of r.actions) {
        // An action running another resource's call (a list-only page's query, a shared custom action) holds that call's button.
        const runs = a.kind === 'custom' ? a.call : a.name === 'query' || a.name === 'print' ? r.list.source?.call : undefined;
        // A call that names no button of its own (a task's pass, which any signed-in user may make) leaves the action its own.
        if (runs && !r.calls.some((c) => c.name === runs) && callPermission(runs) !== undefined) {
          expect(a.permission, `${r.name}.${a.name}`).toBe(callPermission(runs));
          buttons.add(a.permission);
          continue;
        }
        const [prefix, action] = a.permission.split(':');
        expect([r.menu, r.path], `${r.name}.${a.name}`).toContain(prefix);
        expect(action, `${r.name}.${a.name}`).toBe(a.name);
        buttons.add(a.permission);
      }
    }
    for (const c of registry.calls.filter((x) => x.permission)) expect(buttons, `${c.resource}.${c.name}`).toContain(c.permission);
    expect(resource('SysUser').actions.map((a) => a.name)).toEqual(
      expect.arrayContaining([
        'query',
        'add',
        'update',
        'delete',
        'export',
        'exportWord',
        'exportPdf',
        'import',
        'print',
        'grantRole',
        'addToTenant',
      ]),
    );
    for (const name of ['AppClient', 'SysTenant'])
      expect(
        resource(name).actions.map((a) => a.name),
        name,
      ).toEqual(expect.arrayContaining(['exportWord', 'exportPdf']));
  });

  it('give every call schema that the server compiles in strict mode', () => {
    const ajv = createSchemaAjv();
    for (const c of registry.calls) {
      if (c.query) expect(() => ajv.compile(c.query!), `${c.url} query`).not.toThrow();
      if (c.body) expect(() => ajv.compile(c.body!), `${c.url} body`).not.toThrow();
    }
  });

  it('add the system fields, with tenantCode only for tenant-scoped resources', () => {
    expect(
      resource('SysRole')
        .fields.filter((f) => f.system)
        .map((f) => f.name),
    ).toEqual(['id', 'tenantCode', 'createTime', 'updateTime']);
    const tenant = resource('SysTenant');
    expect(tenant.scope).toBe('platform');
    expect(tenant.fieldMap.get('tenantCode')).toMatchObject({
      system: false,
      required: true,
      label: 'resources.SysTenant.fields.tenantCode',
    });
    expect(tenant.fields.filter((f) => f.system).map((f) => f.name)).toEqual(['id', 'createTime', 'updateTime']);
    expect(registry.resources.filter((r) => r.scope === 'platform').map((r) => r.name)).toEqual(['ServerMetrics', 'SysTenant']);
    expect(resource('SysRole').fieldMap.get('tenantCode')!.label).toBe('common.fields.tenantCode');
  });
});

describe('the locales', () => {
  it('have the same keys in en, zh and tw', () => {
    const en = messageKeys(locales.en).sort();
    for (const l of LOCALES) expect(messageKeys(locales[l]).sort(), l).toEqual(en);
  });

  it('hold the titles of the console', () => {
    expect(getMessage(locales.en, 'app.loginTitle')).toBe('Material Management Platform');
    expect(getMessage(locales.zh, 'app.loginTitle')).toBe('物资管理平台');
    expect(getMessage(locales.tw, 'app.loginTitle')).toBe('物資管理平台');
    for (const l of LOCALES) expect(getMessage(locales[l], 'app.sidebarTitle'), l).toBeTruthy();
    for (const f of ['id', 'tenantCode', 'createTime', 'updateTime']) {
      for (const l of LOCALES) expect(getMessage(locales[l], `common.fields.${f}`), `${l} ${f}`).toBeTruthy();
    }
  });

  it('label every dictionary a field refers to, and every value an enum allows', () => {
    const dicts = new Map<string, unknown[] | undefined>();
    for (const r of registry.resources) for (const f of r.fields) if (f.dict) dicts.set(f.dict, f.schema.enum);
    expect([...dicts.keys()].sort()).toEqual([
      'auth_type',
      'menu_hidden',
      'menu_status',
      'notification_priority',
      'notification_type',
      'org_type',
      'post_type',
      'process_status',
      'region_type',
      'user_status',
    ]);
    for (const [type, values] of dicts) {
      for (const l of LOCALES) {
        expect(getMessage(locales[l], `dictTypes.${type}`), `${l} dictTypes.${type}`).toBeTruthy();
        const labels = (locales[l].dict as Record<string, Record<string, string>>)[type];
        expect(labels && Object.keys(labels).length, `${l} dict.${type}`).toBeGreaterThan(0);
        for (const v of values ?? []) expect(labels?.[String(v)], `${l} dict.${type}.${String(v)}`).toBeTruthy();
      }
    }
  });

  it('use the resources.<Name>.… key layout', () => {
    for (const r of registry.resources) {
      expect(r.labels.title).toBe(`resources.${r.name}.title`);
      for (const f of r.fields.filter((x) => !x.system)) expect(f.label).toBe(`resources.${r.name}.fields.${f.name}`);
      for (const a of r.actions.filter((x) => x.kind === 'custom'))
        expect(a.label, `${r.name}.${a.name}`).toBe(`resources.${r.name}.actions.${a.name}`);
    }
  });
});

describe('mistakes', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  type Doc = Record<string, unknown> & {
    record: { properties: Record<string, unknown>; required?: string[] };
    list: { columns?: { field: string }[]; search?: { advanced?: Record<string, unknown>[] } };
    relations: Record<string, { resource: string }>;
  };
  const json = (edit: (doc: Doc) => void) => (text: string) => {
    const doc = JSON.parse(text) as Doc;
    edit(doc);
    return JSON.stringify(doc, null, 2);
  };

  /** A copy of schemas/ with the given files edited. */
  function copy(edits: Record<string, (text: string) => string>): string {
    dir = mkdtempSync(join(tmpdir(), 'registry-'));
    cpSync('schemas', dir, { recursive: true });
    for (const [file, edit] of Object.entries(edits)) {
      const path = join(dir, file);
      writeFileSync(path, edit(readFileSync(path, 'utf8')));
    }
    return dir;
  }
  function issuesOf(edits: Record<string, (text: string) => string>): RegistryIssue[] {
    const at = copy(edits);
    try {
      loadRegistry(at);
    } catch (err) {
      expect(err).toBeInstanceOf(RegistryError);
      expect((err as RegistryError).message).toMatch(/^Invalid resource files:/);
      return (err as RegistryError).issues;
    }
    throw new Error('no error reported');
  }
  const loaded = (edits: Record<string, (text: string) => string>): Registry => loadRegistry(copy(edits));

  it('names an unknown column field', () => {
    const issues = issuesOf({ 'resources/sys-role.json': json((d) => (d.list.columns![1]!.field = 'roleNmae')) });
    expect(issues).toContainEqual({
      file: 'resources/sys-role.json',
      pointer: '/list/columns/1/field',
      message: 'unknown field "roleNmae"',
    });
  });

  it('names a lookup across tenants of an unknown field, or of a resource that is not tenant-scoped', () => {
    type Storage = { storage?: { lookup?: string[][] } };
    const lookup = (sets: string[][]) => json((d) => ((d as Doc & Storage).storage = { ...(d as Doc & Storage).storage, lookup: sets }));
    expect(issuesOf({ 'resources/sys-user.json': lookup([['usrname']]) })).toContainEqual({
      file: 'resources/sys-user.json',
      pointer: '/storage/lookup/0/0',
      message: 'unknown record field "usrname"',
    });
    expect(issuesOf({ 'resources/sys-tenant.json': lookup([['tenantName']]) })).toContainEqual({
      file: 'resources/sys-tenant.json',
      pointer: '/storage/lookup',
      message: 'a lookup across tenants is for a tenant-scoped resource (use index)',
    });
    expect(loadRegistry('schemas').byName.get('SysUser')!.storage.lookup).toEqual([['username'], ['email'], ['mobile']]);
  });

  it("names a master-detail key that is not the master's field", () => {
    const issues = issuesOf({
      'resources/sys-menu.json': json((d) => ((d.list as { detail: { masterKey: string } }).detail.masterKey = 'menuKode')),
    });
    expect(issues).toContainEqual({
      file: 'resources/sys-menu.json',
      pointer: '/list/detail/masterKey',
      message: 'resource SysMenu has no field "menuKode"',
    });
    expect(loadRegistry('schemas').resources.find((r) => r.name === 'SysMenu')!.list.detail).toEqual({
      resource: 'SysMenuButton',
      foreignKey: 'menuCode',
      masterKey: 'menuCode',
    });
  });

  describe('a list from a declared call (list.source)', () => {
    type Source = {
      list: { source: { call: string; requires?: string[] }; filterTree?: { valueField?: string } };
      actions: { hideWhen?: string }[];
    };
    const source = (edit: (d: Doc & Source) => void) => json((d) => edit(d as Doc & Source));

    it('is read with its defaults', () => {
      const registry = loadRegistry('schemas');
      expect(registry.byName.get('SysRoleData')!.list.source).toEqual({
        call: 'queryDataFieldByMenuCode',
        paged: false,
        requires: ['menuCode'],
        params: {},
      });
      expect(registry.byName.get('SysOnlineUser')!.list.source).toEqual({
        call: 'queryOnlineSysUser',
        paged: true,
        requires: [],
        params: {},
      });
    });

    it('names a call no resource declares', () => {
      const issues = issuesOf({ 'resources/sys-role-data.json': source((d) => (d.list.source.call = 'queryDataFields')) });
      expect(issues).toContainEqual({
        file: 'resources/sys-role-data.json',
        pointer: '/list/source/call',
        message: 'no call named "queryDataFields" in any resource',
      });
    });

    it("names a required filter that is not the filter tree's field, and an unknown tree value field", () => {
      const issues = issuesOf({
        'resources/sys-role-data.json': source((d) => {
          d.list.source.requires = ['roleCode'];
          d.list.filterTree!.valueField = 'menuKode';
        }),
      });
      expect(issues).toContainEqual({
        file: 'resources/sys-role-data.json',
        pointer: '/list/source/requires/0',
        message: '"roleCode" is not the filter tree\'s field (list.filterTree.field)',
      });
      expect(issues).toContainEqual({
        file: 'resources/sys-role-data.json',
        pointer: '/list/filterTree/valueField',
        message: 'resource SysMenu has no field "menuKode"',
      });
    });

    it('is refused on an entity, and a service resource needs it to have a record or a list', () => {
      const onEntity = issuesOf({
        'resources/sys-param.json': json((d) => Object.assign(d.list, { source: { call: 'queryOnlineSysUser' } })),
      });
      expect(onEntity).toContainEqual({
        file: 'resources/sys-param.json',
        pointer: '/list/source',
        message: 'an entity lists its records with its own query call; list.source is for link and service resources',
      });
      const noSource = issuesOf({ 'resources/sys-online-user.json': source((d) => delete (d.list as { source?: unknown }).source) });
      expect(noSource.some((i) => i.file === 'resources/sys-online-user.json' && i.pointer === '/list')).toBe(true);
    });

    it('names a hideWhen field that is not boolean', () => {
      const issues = issuesOf({ 'resources/sys-online-user.json': source((d) => (d.actions[2]!.hideWhen = 'username')) });
      expect(issues).toContainEqual({
        file: 'resources/sys-online-user.json',
        pointer: '/actions/2/hideWhen',
        message: '"username" is not a boolean field',
      });
    });
  });

  describe('row conditions on a field value, and actions that open a route', () => {
    type ActionsDoc = { actions: Record<string, unknown>[] };
    const edit = (file: string, fn: (d: ActionsDoc) => void) => ({ [file]: json((d) => fn(d as unknown as ActionsDoc)) });
    const named = (d: ActionsDoc, name: string) => d.actions.find((a) => a['name'] === name)!;
    const indexOf = (file: string, name: string) =>
      (JSON.parse(readFileSync(`schemas/${file}`, 'utf8')) as ActionsDoc).actions.findIndex((a) => a['name'] === name);

    it('are read: Resolve only on delegated tasks, Design opens the modeler with the row id', () => {
      const actions = resource('AssigneeTask').actions;
      expect(actions.find((a) => a.name === 'resolve')!.showWhen).toEqual({ field: 'delegationState', equals: 'pending' });
      expect(actions.find((a) => a.name === 'pass')!.hideWhen).toEqual({ field: 'delegationState', equals: 'pending' });
      expect(resource('Model').actions.find((a) => a.name === 'design')!.open).toEqual({ route: '/processdesign', query: { id: 'id' } });
      expect(resource('MockArticle').actions.find((a) => a.name === 'edit')!.open).toEqual({ route: '/example/edit/:id' });
    });

    it('name a condition on a field the record has not, or a value not of its type', () => {
      const file = 'resources/act-assignee-task.json';
      const at = `/actions/${indexOf(file, 'resolve')}/showWhen`;
      expect(issuesOf(edit(file, (d) => (named(d, 'resolve')['showWhen'] = { field: 'delegation', equals: 'pending' })))).toContainEqual({
        file,
        pointer: `${at}/field`,
        message: '"delegation" is not a field of the record',
      });
      expect(issuesOf(edit(file, (d) => (named(d, 'resolve')['showWhen'] = { field: 'delegationState', equals: 1 })))).toContainEqual({
        file,
        pointer: `${at}/equals`,
        message: '1 is not a value of the string field "delegationState"',
      });
    });

    it('name an open route with a field the record has not, one on no single record, and one that also calls', () => {
      const file = 'resources/act-model.json';
      const at = `/actions/${indexOf(file, 'design')}`;
      expect(issuesOf(edit(file, (d) => (named(d, 'design')['open'] = { route: '/processdesign/:modelId' })))).toContainEqual({
        file,
        pointer: `${at}/open`,
        message: '"modelId" is not a field of the record',
      });
      expect(issuesOf(edit(file, (d) => (named(d, 'design')['selection'] = 'none')))).toContainEqual({
        file,
        pointer: `${at}/selection`,
        message: 'an action that opens a route with values of the row acts on one record (selection "one")',
      });
      expect(issuesOf(edit(file, (d) => (named(d, 'design')['call'] = 'deployModel')))).toContainEqual({
        file,
        pointer: `${at}/open`,
        message: 'an action that opens a route makes no call (run, assign, call)',
      });
    });
  });

  describe('a delete confirmed by typing, row actions shown by a flag, and a standard call served by another handler', () => {
    type TenantDoc = {
      actions: { name: string; typeToConfirm?: string; showWhen?: string }[];
      handlers?: Record<string, string>;
      callServices?: Record<string, string>;
      storage: { unique: string[][] };
    };
    const tenant = (edit: (d: TenantDoc) => void) => ({ 'resources/sys-tenant.json': json((d) => edit(d as unknown as TenantDoc)) });
    const file = 'resources/sys-tenant.json';
    const action = (d: TenantDoc, name: string) => d.actions.find((a) => a.name === name)!;
    const pointerOf = (d: TenantDoc, name: string) => `/actions/${d.actions.findIndex((a) => a.name === name)}`;
    const doc = JSON.parse(readFileSync('schemas/resources/sys-tenant.json', 'utf8')) as TenantDoc;

    it('are read: tenants are deleted by typing their code, restored on deleted rows, and deleted by tenant.delete', () => {
      const r = resource('SysTenant');
      expect(r.actions.find((a) => a.name === 'delete')).toMatchObject({ typeToConfirm: 'tenantCode', hideWhen: 'deleted' });
      expect(r.actions.find((a) => a.name === 'restore')).toMatchObject({
        kind: 'custom',
        showWhen: 'deleted',
        call: 'restoreSysTenant',
        permission: 'systenant:restore',
      });
      expect(callsOf('SysTenant').deleteSysTenant).toMatchObject({
        verb: 'delete',
        handler: 'tenant.delete',
        permission: 'systenant:delete',
      });
      expect(callsOf('SysRole').deleteSysRole).toMatchObject({ handler: 'crud.delete' });
      expect(r.fieldMap.get('deleted')).toMatchObject({ auto: 'server', type: 'boolean' });
      expect(r.fieldMap.get('deleteTime')).toMatchObject({ auto: 'server', type: 'datetime' });
    });

    it('name a typed field that is not a required string unique on its own, or on another action', () => {
      const notUnique = issuesOf(tenant((d) => (action(d, 'delete').typeToConfirm = 'tenantName')));
      expect(notUnique).toContainEqual({
        file,
        pointer: `${pointerOf(doc, 'delete')}/typeToConfirm`,
        message: '"tenantName" is not a required string field unique on its own (storage.unique)',
      });
      const unknown = issuesOf(tenant((d) => (action(d, 'delete').typeToConfirm = 'code')));
      expect(unknown).toContainEqual({
        file,
        pointer: `${pointerOf(doc, 'delete')}/typeToConfirm`,
        message: '"code" is not a required string field unique on its own (storage.unique)',
      });
      const elsewhere = issuesOf(tenant((d) => (action(d, 'update').typeToConfirm = 'tenantCode')));
      expect(elsewhere).toContainEqual({
        file,
        pointer: `${pointerOf(doc, 'update')}/typeToConfirm`,
        message: 'only the delete action asks for a value to be typed',
      });
    });

    it('name a showWhen field that is not boolean, and a handler for a call the resource has not', () => {
      expect(issuesOf(tenant((d) => (action(d, 'restore').showWhen = 'deleteTime')))).toContainEqual({
        file,
        pointer: `${pointerOf(doc, 'restore')}/showWhen`,
        message: '"deleteTime" is not a boolean field',
      });
      expect(issuesOf(tenant((d) => (d.handlers = { tree: 'tenant.delete' })))).toContainEqual({
        file,
        pointer: '/handlers/tree',
        message: 'the resource has no standard tree call',
      });
      expect(issuesOf(tenant((d) => (d.callServices = { tree: 'admin' })))).toContainEqual(
        expect.objectContaining({ file, pointer: '/callServices' }),
      );
      expect(
        issuesOf(tenant((d) => (d.handlers = { remove: 'tenant.delete' }))).some((i) => i.file === file && i.pointer === '/handlers'),
      ).toBe(true);
    });
  });

  describe('fields the server sets, ordered fields and many-valued relations', () => {
    interface NotificationDoc {
      record: { properties: Record<string, Record<string, unknown>> };
      storage: { index: string[][] };
      list: { columns: { field: string; sortable?: boolean }[]; search: { basic: unknown[] } };
      relations: Record<string, { through?: { resource: string } }>;
    }
    const notification = (edit: (d: NotificationDoc) => void) => ({
      'resources/notification.json': json((d) => edit(d as unknown as NotificationDoc)),
    });
    const file = 'resources/notification.json';

    it('are read from the notification file', () => {
      const n = resource('Notification');
      expect(n.fieldMap.get('publisher')).toMatchObject({ auto: 'username', required: false });
      expect(n.fieldMap.get('endTime')).toMatchObject({ notBefore: 'startTime', type: 'datetime' });
      expect(n.fieldMap.get('userIds')).toMatchObject({
        type: 'json',
        link: { resource: 'NotificationSysuser', recordKey: 'notificationId', valueKey: 'userId' },
      });
      expect(resource('NotificationSysuser')).toMatchObject({ kind: 'link', table: 'notification_sysuser' });
      expect(resource('MyNotification')).toMatchObject({
        kind: 'service',
        list: { source: { call: 'queryMyNotification', paged: true }, rowKey: 'id' },
      });
      expect(resource('MyNotification').fieldMap.get('content')!.kind).toBe('richText');
      expect(callsOf('Notification').queryHeadNotification).toMatchObject({
        auth: 'session',
        handler: 'notification.head',
        url: '/api/notification/notification/queryHeadNotification',
      });
      expect(callsOf('Notification').queryMyNotification).toMatchObject({ auth: 'session', handler: 'notification.my' });
      expect(callsOf('Notification').queryNotificationType).toMatchObject({
        auth: 'grant',
        handler: 'lookup.dict',
        options: { dictType: 'notification_type' },
      });
    });

    it('name a server-set field that is not a string or is required, or sets an unknown value', () => {
      const issues = issuesOf(
        notification((d) => {
          d.record.properties.title!['x-auto'] = 'username';
          d.record.properties.priority!['x-auto'] = 'username';
        }),
      );
      expect(issues).toContainEqual({
        file,
        pointer: '/record/properties/title/x-auto',
        message: 'a field the server sets cannot be required',
      });
      expect(issues).toContainEqual({
        file,
        pointer: '/record/properties/priority/x-auto',
        message: 'a field the server sets to the username must be a string',
      });
      const unknown = issuesOf(notification((d) => (d.record.properties.publisher!['x-auto'] = 'now')));
      expect(unknown.some((i) => i.file === file && i.pointer.startsWith('/record/properties/publisher'))).toBe(true);
    });

    it('name an order against an unknown field or a field of another type', () => {
      expect(issuesOf(notification((d) => (d.record.properties.endTime!['x-notBefore'] = 'startTme')))).toContainEqual({
        file,
        pointer: '/record/properties/endTime/x-notBefore',
        message: '"startTme" is not another field of the record',
      });
      expect(issuesOf(notification((d) => (d.record.properties.endTime!['x-notBefore'] = 'priority')))).toContainEqual({
        file,
        pointer: '/record/properties/endTime/x-notBefore',
        message: '"endTime" and "priority" must both be date or date-time fields, or both integer or both number fields',
      });
    });

    it('read a format: date field as a day, ordered against a date or a date-time field', () => {
      const r = loaded(notification((d) => (d.record.properties.endTime = { type: 'string', format: 'date', 'x-notBefore': 'startTime' })));
      const n = r.resources.find((x) => x.name === 'Notification')!;
      expect(n.fieldMap.get('endTime')).toMatchObject({ type: 'date', notBefore: 'startTime' });
      expect(n.fieldMap.get('startTime')).toMatchObject({ type: 'datetime' });
    });

    it('name a link that is not a link resource, an array without a link, and a linked field sorted, searched or indexed', () => {
      const rel = (d: NotificationDoc) => d.relations.userIds!;
      expect(issuesOf(notification((d) => (rel(d).through!.resource = 'SysUser')))).toContainEqual({
        file,
        pointer: '/relations/userIds/through/resource',
        message: '"SysUser" is not a link resource',
      });
      expect(issuesOf(notification((d) => delete rel(d).through))).toContainEqual({
        file,
        pointer: '/relations/userIds',
        message: '"userIds" is an array: give the relation "through" (the link resource that keeps its values)',
      });
      const issues = issuesOf(
        notification((d) => {
          d.list.columns.find((c) => c.field === 'userIds')!.sortable = true;
          d.list.search.basic.push({ field: 'userIds' });
          d.storage.index.push(['userIds']);
        }),
      );
      expect(issues).toEqual(
        expect.arrayContaining([
          { file, pointer: '/list/columns/6/sortable', message: '"userIds" is kept in a link resource and cannot be sorted by' },
          { file, pointer: '/list/search/basic/1', message: '"userIds" is kept in a link resource and cannot be searched' },
          { file, pointer: '/storage/index/2/0', message: '"userIds" is kept in a link resource, not a column' },
        ]),
      );
    });

    it('let a list-only page name id and createTime and give ui hints, but no form of its own', () => {
      const issues = issuesOf({
        'resources/notification-my.json': json((d) => ((d as unknown as { form: Record<string, unknown> }).form = { order: ['title'] })),
      });
      expect(issues.some((i) => i.file === 'resources/notification-my.json' && i.pointer.startsWith('/form'))).toBe(true);
      const entity = issuesOf(notification((d) => (d.record.properties.createTime = { type: 'string' })));
      expect(entity.some((i) => i.file === file && i.pointer.startsWith('/record/properties'))).toBe(true);
    });
  });

  describe('field kinds', () => {
    it('are read from x-kind, else inferred from the schema and the relations', () => {
      const user = loaded({}).byName.get('SysUser')!;
      const kinds = Object.fromEntries(user.fields.map((f) => [f.name, f.kind]));
      expect(kinds).toMatchObject({
        username: 'text',
        password: 'password',
        mobile: 'mobile',
        status: 'status',
        orgId: 'relation',
        profile: 'textarea',
        createTime: 'dateTime',
        id: 'number',
      });
      expect(loaded({}).byName.get('Notification')!.fieldMap.get('userIds')!.kind).toBe('relationMultiple');
    });

    it('name an unknown kind at its pointer, listing the kinds and how to add one', () => {
      const issues = issuesOf({
        'resources/sys-role.json': json((d) => Object.assign(d.record.properties.roleName as object, { 'x-kind': 'colr' })),
      });
      expect(issues).toEqual([
        {
          file: 'resources/sys-role.json',
          pointer: '/record/properties/roleName/x-kind',
          message: expect.stringMatching(
            /^unknown field kind "colr": the kinds are text, textarea, .*relationMultiple, upload \(a new kind is added to definitions\.fieldKind of resource\.schema\.json and registered in the console with registerFieldKind\(\)\)$/,
          ),
        },
      ]);
    });

    it('name a kind that does not fit its field', () => {
      const issues = issuesOf({
        'resources/sys-role.json': json((d) => {
          Object.assign(d.record.properties.roleName as object, { 'x-kind': 'number' });
          Object.assign(d.record.properties.roleCode as object, { 'x-kind': 'select' });
        }),
        'resources/sys-user.json': json((d) => {
          Object.assign(d.record.properties.nickname as object, { 'x-kind': 'relation' });
          Object.assign(d.record.properties.email as object, { 'x-kind': 'upload' });
        }),
      });
      expect(issues).toEqual(
        expect.arrayContaining([
          {
            file: 'resources/sys-user.json',
            pointer: '/record/properties/email/x-kind',
            message: 'kind "upload" is for integer (the id of a stored file) fields, not string',
          },
          {
            file: 'resources/sys-role.json',
            pointer: '/record/properties/roleName/x-kind',
            message: 'kind "number" is for integer or number fields, not string',
          },
          {
            file: 'resources/sys-role.json',
            pointer: '/record/properties/roleCode/x-kind',
            message: 'kind "select" needs the field\'s choices: an enum or a dictionary (x-dict)',
          },
          {
            file: 'resources/sys-user.json',
            pointer: '/record/properties/nickname/x-kind',
            message: 'kind "relation" needs a relation of the field (relations.<field>, without through)',
          },
        ]),
      );
    });

    it('leave no renderer or widget names in the files: a column or a form hint naming one is refused', () => {
      const column = issuesOf({ 'resources/sys-param.json': json((d) => Object.assign(d.list.columns![0]!, { render: 'dictTag' })) });
      expect(column).toContainEqual({ file: 'resources/sys-param.json', pointer: '/list/columns/0', message: 'unknown property "render"' });
      const hint = issuesOf({
        'resources/sys-param.json': json(
          (d) => ((d as unknown as { form: { ui: Record<string, unknown> } }).form.ui = { paramValue: { widget: 'textarea' } }),
        ),
      });
      expect(hint).toContainEqual({
        file: 'resources/sys-param.json',
        pointer: '/form/ui/paramValue',
        message: 'unknown property "widget"',
      });
    });
  });

  it('names an unknown property in a column', () => {
    const issues = issuesOf({ 'resources/sys-param.json': json((d) => Object.assign(d.list.columns![0]!, { sortible: true })) });
    expect(issues).toContainEqual({ file: 'resources/sys-param.json', pointer: '/list/columns/0', message: 'unknown property "sortible"' });
  });

  it('names a wrong type in the record', () => {
    const issues = issuesOf({ 'resources/sys-role.json': json((d) => (d.record.properties.roleName = { type: 'text' })) });
    expect(issues.length).toBeGreaterThan(0);
    for (const i of issues) expect(i).toMatchObject({ file: 'resources/sys-role.json', pointer: '/record/properties/roleName/type' });
  });

  it('checks the links and the link calls that name them', () => {
    type Links = Record<string, { through: Record<string, string>; scope?: string[]; valueField?: string }>;
    type Calls = { name: string; options?: Record<string, unknown> }[];
    const links = (d: Doc) => (d as unknown as { links: Links }).links;
    const calls = (d: Doc) => (d as unknown as { calls: Calls }).calls;
    const call = (d: Doc, name: string) => calls(d).find((c) => c.name === name)!;
    const issues = issuesOf({
      'resources/sys-role.json': json((d) => {
        links(d).urls!.through.valueKey = 'url';
        links(d).menus!.scope = ['roleId'];
        links(d).users!.valueField = 'nickname';
        links(d).roleCode = links(d).buttons!;
      }),
      'resources/sys-menu.json': json((d) => {
        call(d, 'queryMenuIdByRoleId').options = { link: 'SysRole.nothing' };
        call(d, 'queryCheckedMenuButton').options = { link: 'SysRole.buttons', within: 'buttonName', extra: 1 };
      }),
      'resources/sys-user.json': json((d) => {
        const grant = (d as unknown as { actions: { name: string; assign?: Record<string, unknown> }[] }).actions.find(
          (a) => a.name === 'grantRole',
        )!;
        grant.assign = { ...grant.assign, link: 'roles', linked: 'queryNothing', scope: { field: 'orgId', call: 'querySysUserPostTree' } };
      }),
    });
    const at = (file: string, pointer: string) =>
      issues.filter((i) => i.file === `resources/${file}.json` && i.pointer === pointer).map((i) => i.message);
    expect(at('sys-role', '/links/urls/through/valueKey')).toEqual(['resource SysRoleUrl has no field "url" of the type of SysUrl.id']);
    expect(at('sys-role', '/links/menus/scope/0')).toContain('resource SysRoleMenu has no further field "roleId"');
    expect(at('sys-role', '/links/users/valueField')).toEqual(['SysUser.nickname is not unique on its own (storage.unique)']);
    expect(at('sys-role', '/links/roleCode')).toEqual([
      '"roleCode" is a record field: a link is not kept in the record (use relations with "through" for a field)',
    ]);
    const menuCalls = calls(JSON.parse(readFileSync('schemas/resources/sys-menu.json', 'utf8')) as Doc).map((c) => c.name);
    const options = (name: string) => `/calls/${menuCalls.indexOf(name)}/options`;
    expect(at('sys-menu', `${options('queryMenuIdByRoleId')}/link`)).toEqual([
      'no link "SysRole.nothing" ("<Resource>.<link>" of a resource\'s links)',
    ]);
    expect(at('sys-menu', options('queryCheckedMenuButton'))).toEqual([
      'option "extra" is not one of link, within, ownerOptional, fields (link.ids)',
    ]);
    const grantRole = (
      JSON.parse(readFileSync('schemas/resources/sys-user.json', 'utf8')) as { actions: { name: string }[] }
    ).actions.findIndex((a) => a.name === 'grantRole');
    expect(at('sys-user', `/actions/${grantRole}/assign/linked`)).toEqual(['no call named "queryNothing" in any resource']);
    expect(at('sys-user', `/actions/${grantRole}/assign/scope/field`)).toEqual(['"orgId" is not in the scope of the link']);
  });

  it('checks the search fields by a link: a name of their own, a link of the resource, an exact match and a label', () => {
    const issues = issuesOf({
      'resources/sys-user.json': json((d) => {
        d.list.search!.advanced = [
          { field: 'roleId', link: 'roles' },
          { field: 'orgId', link: 'roles' },
          { field: 'groupId', link: 'groups' },
          { field: 'roleCode', link: 'roles', match: 'contains' },
        ];
      }),
    });
    const at = (pointer: string) =>
      issues.filter((i) => i.file === 'resources/sys-user.json' && i.pointer === pointer).map((i) => i.message);
    expect(at('/list/search/advanced/0')).toEqual([]);
    expect(at('/list/search/advanced/1/field')).toEqual(['"orgId" is a record field: a search by a link has a name of its own']);
    expect(at('/list/search/advanced/2/link')).toEqual(['no link "groups" in links']);
    expect(at('/list/search/advanced/3/match')).toEqual(['a search by a link matches exactly']);
    expect(issues).toContainEqual({
      file: 'resources/sys-user.json',
      pointer: '/labels/fields/groupId',
      message: 'i18n key "resources.SysUser.fields.groupId" is missing in schemas/locales/en.json',
    });
  });

  it('reads x-partOf and names one that points at no other field', () => {
    expect(loadRegistry('schemas').byName.get('SysUser')!.fieldMap.get('prefix')!.partOf).toBe('mobile');
    const issues = issuesOf({
      'resources/sys-user.json': json((d) => Object.assign(d.record.properties.prefix as object, { 'x-partOf': 'phone' })),
    });
    expect(issues).toContainEqual({
      file: 'resources/sys-user.json',
      pointer: '/record/properties/prefix/x-partOf',
      message: '"phone" is not another field of the record',
    });
  });

  it('names a record keyword that is not JSON Schema', () => {
    const issues = issuesOf({
      'resources/sys-param.json': json((d) => (d.record.properties.paramKey = { type: 'string', maxLenght: 10 })),
    });
    expect(issues).toEqual([
      expect.objectContaining({
        file: 'resources/sys-param.json',
        pointer: '/record',
        message: expect.stringMatching(/not a valid JSON Schema.*maxLenght/),
      }),
    ]);
  });

  it('names invalid JSON', () => {
    const issues = issuesOf({ 'resources/sys-param.json': (t) => t.replace('{', '{,') });
    expect(issues).toEqual([
      expect.objectContaining({ file: 'resources/sys-param.json', pointer: '', message: expect.stringMatching(/^not valid JSON/) }),
    ]);
  });

  it('names a missing locale key', () => {
    const issues = issuesOf({ 'locales/tw.json': (t) => t.replace('"roleCode":', '"roleKode":') });
    expect(issues).toContainEqual({
      file: 'resources/sys-role.json',
      pointer: '/labels/fields/roleCode',
      message: 'i18n key "resources.SysRole.fields.roleCode" is missing in schemas/locales/tw.json',
    });
  });

  it('names a dictionary label that one locale has and another lacks', () => {
    const drop = (root: string, type: string, value?: string) => (t: string) => {
      const doc = JSON.parse(t) as Record<string, Record<string, Record<string, string> | string>>;
      if (value === undefined) delete doc[root]![type];
      else delete (doc[root]![type] as Record<string, string>)[value];
      return JSON.stringify(doc, null, 2);
    };
    const value = issuesOf({ 'locales/zh.json': drop('dict', 'user_status', '1') });
    expect(value).toEqual([
      {
        file: 'locales/zh.json',
        pointer: '/dict/user_status/1',
        message: 'i18n key "dict.user_status.1" is in schemas/locales/en.json but missing here',
      },
    ]);
    const type = issuesOf({ 'locales/en.json': drop('dictTypes', 'org_type') });
    expect(type).toEqual([
      {
        file: 'locales/en.json',
        pointer: '/dictTypes/org_type',
        message: 'i18n key "dictTypes.org_type" is in schemas/locales/zh.json but missing here',
      },
    ]);
  });

  it('names a field whose conventional label key no locale has', () => {
    const issues = issuesOf({ 'resources/sys-param.json': json((d) => (d.record.properties.paramNote = { type: 'string' })) });
    expect(issues).toEqual(
      ['en', 'zh', 'tw'].map((l) => ({
        file: 'resources/sys-param.json',
        pointer: '/labels/fields/paramNote',
        message: `i18n key "resources.SysParam.fields.paramNote" is missing in schemas/locales/${l}.json`,
      })),
    );
  });

  describe('label keys', () => {
    type Labels = { labels?: { title?: string; fields?: Record<string, string> } };
    const labelled = (labels: Labels['labels']) => ({ 'resources/sys-param.json': json((d) => ((d as Doc & Labels).labels = labels)) });

    it('default to resources.<Name>.title and resources.<Name>.fields.<field>, and common.fields.<field> for system fields', () => {
      for (const labels of [undefined, {}, { fields: {} }]) {
        const r = loaded(labelled(labels)).byName.get('SysParam')!;
        expect(r.labels).toEqual({
          title: 'resources.SysParam.title',
          fields: {
            paramName: 'resources.SysParam.fields.paramName',
            paramKey: 'resources.SysParam.fields.paramKey',
            paramValue: 'resources.SysParam.fields.paramValue',
            id: 'common.fields.id',
            tenantCode: 'common.fields.tenantCode',
            createTime: 'common.fields.createTime',
            updateTime: 'common.fields.updateTime',
          },
        });
        expect(r.fieldMap.get('paramKey')!.label).toBe('resources.SysParam.fields.paramKey');
      }
    });

    it('named in the file win over the conventional ones', () => {
      const r = loaded(
        labelled({
          title: 'resources.SysRole.title',
          fields: { paramValue: 'resources.SysRole.fields.roleName', createTime: 'resources.SysParam.fields.paramKey' },
        }),
      ).byName.get('SysParam')!;
      expect(r.labels.title).toBe('resources.SysRole.title');
      expect(r.labels.fields).toMatchObject({
        paramKey: 'resources.SysParam.fields.paramKey',
        paramValue: 'resources.SysRole.fields.roleName',
        createTime: 'resources.SysParam.fields.paramKey',
        updateTime: 'common.fields.updateTime',
      });
      expect(r.fieldMap.get('paramValue')!.label).toBe('resources.SysRole.fields.roleName');
    });

    it('named in the file are checked against the locales and the fields', () => {
      const issues = issuesOf(
        labelled({ title: 'resources.SysParam.heading', fields: { paramNote: 'resources.SysParam.fields.paramKey' } }),
      );
      expect(issues).toEqual([
        { file: 'resources/sys-param.json', pointer: '/labels/fields/paramNote', message: 'label for unknown field "paramNote"' },
        ...['en', 'zh', 'tw'].map((l) => ({
          file: 'resources/sys-param.json',
          pointer: '/labels/title',
          message: `i18n key "resources.SysParam.heading" is missing in schemas/locales/${l}.json`,
        })),
      ]);
    });
  });

  it('names an unknown relation resource', () => {
    const issues = issuesOf({ 'resources/sys-user.json': json((d) => (d.relations.orgId!.resource = 'SysOrganisation')) });
    expect(issues).toContainEqual({
      file: 'resources/sys-user.json',
      pointer: '/relations/orgId/resource',
      message: 'unknown resource "SysOrganisation"',
    });
  });

  it('names an unknown top-level property', () => {
    const issues = issuesOf({ 'resources/sys-role.json': json((d) => (d.colums = [])) });
    expect(issues).toContainEqual({ file: 'resources/sys-role.json', pointer: '', message: 'unknown property "colums"' });
  });

  it('names a required field that is not a property', () => {
    const issues = issuesOf({ 'resources/sys-param.json': json((d) => d.record.required!.push('paramKye')) });
    expect(issues).toContainEqual({
      file: 'resources/sys-param.json',
      pointer: '/record/required/2',
      message: 'required field "paramKye" is not a property',
    });
  });

  it('refuses a system field in the record, and tenantCode in a tenant-scoped record', () => {
    const issues = issuesOf({
      'resources/sys-param.json': json((d) => (d.record.properties.createTime = { type: 'string' })),
      'resources/sys-role.json': json((d) => (d.record.properties.tenantCode = { type: 'string' })),
    });
    expect(issues.some((i) => i.file === 'resources/sys-param.json' && i.pointer.startsWith('/record/properties'))).toBe(true);
    expect(issues).toContainEqual(expect.objectContaining({ file: 'resources/sys-role.json', pointer: '/record/properties/tenantCode' }));
  });

  it('refuses a hashed field that is not writeOnly', () => {
    const issues = issuesOf({
      'resources/app-client.json': json((d) => delete (d.record.properties.clientSecret as Record<string, unknown>).writeOnly),
    });
    expect(issues).toContainEqual({
      file: 'resources/app-client.json',
      pointer: '/record/properties/clientSecret',
      message: 'a hashed field (x-hash) must be writeOnly',
    });
  });

  it('reports every mistake of every file at once', () => {
    const issues = issuesOf({
      'resources/sys-role.json': json((d) => (d.list.columns![0]!.field = 'nope')),
      'resources/sys-param.json': (t) => t.slice(0, 20),
      'resources/sys-user.json': json((d) => (d.relations.orgId!.resource = 'Nope')),
    });
    expect(new Set(issues.map((i) => i.file))).toEqual(
      new Set(['resources/sys-role.json', 'resources/sys-param.json', 'resources/sys-user.json']),
    );
  });

  it('leaves writeOnly fields out of the default columns and edit form', () => {
    const r = loaded({
      'resources/sys-user.json': json((d) => {
        delete d.list.columns;
        delete (d.form as Record<string, unknown>).edit;
      }),
    }).byName.get('SysUser')!;
    const columns = r.list.columns.map((c) => c.field);
    expect(columns).not.toContain('password');
    expect(columns).not.toContain('tenantCode');
    expect(columns).toEqual(expect.arrayContaining(['username', 'orgId', 'status', 'id', 'createTime']));
    expect(r.form.edit).not.toContain('password');
  });

  it("keeps a platform resource's own tenantCode in its default columns", () => {
    const r = loaded({ 'resources/sys-tenant.json': json((d) => delete d.list.columns) }).byName.get('SysTenant')!;
    expect(r.list.columns.map((c) => c.field)).toContain('tenantCode');
  });
});
