/**
 * The resource files and the menu load, normalise as documented, and every kind of mistake
 * is reported with the file, the JSON pointer and a message.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegistry, RegistryError, type RegistryIssue } from '../../schemas/registry/loadRegistry.ts';
import { loadMenu, type MenuNode } from '../../schemas/registry/loadMenu.ts';
import { LOCALES, loadLocales, messageKeys } from '../../schemas/registry/locales.ts';

const registry = loadRegistry('schemas');

describe('the resource files', () => {
  it('give the platform call names and URLs', () => {
    const role = registry.byName.get('SysRole')!;
    const calls = Object.fromEntries(role.calls.map((c) => [c.name, `${c.method} ${c.url}`]));
    expect(calls).toMatchObject({
      querySysRole: 'GET /api/admin/sysrole/querySysRole',
      addSysRole: 'POST /api/admin/sysrole/addSysRole',
      updateSysRole: 'PUT /api/admin/sysrole/updateSysRole',
      deleteSysRole: 'POST /api/admin/sysrole/deleteSysRole',
      exportSysRole: 'POST /api/admin/sysrole/exportSysRole',
    });
    expect(registry.callByUrl.get('/api/uaa/appclient/queryAppClient')).toBeDefined();
    expect(registry.callByUrl.get('/api/uaa/oauth/token')?.auth).toBe('public');
    expect(registry.callByUrl.get('/api/account/sysuserdetail/updatePassword')?.method).toBe('PUT');
  });

  it('give tree resources their tree call', () => {
    for (const name of ['SysOrg', 'SysMenu', 'SysDict', 'SysRegion', 'SysPost']) {
      const r = registry.byName.get(name)!;
      expect(r.calls.find((c) => c.verb === 'tree')?.url).toBe(`/api/admin/${r.path}/query${name}Tree`);
    }
    expect(registry.byName.get('SysRole')!.calls.some((c) => c.verb === 'tree')).toBe(false);
  });

  it('keep secrets out of lists and edit forms', () => {
    const user = registry.byName.get('SysUser')!;
    expect(user.fieldMap.get('password')).toMatchObject({ secret: true, hash: true });
    expect(user.list.columns.map((c) => c.field)).not.toContain('password');
    expect(user.form.create).toContain('password');
    expect(user.form.edit).not.toContain('password');
    expect(user.form.readOnlyOnEdit).toContain('username');
    expect(registry.byName.get('AppClient')!.fieldMap.get('clientSecret')?.secret).toBe(true);
  });

  it('carry the validation rules of the spec', () => {
    const region = registry.byName.get('SysRegion')!.record.properties!;
    expect(region.regionName).toMatchObject({ minLength: 2, maxLength: 40 });
    expect(region.regionCode).toMatchObject({ minLength: 6, maxLength: 20, pattern: '^[0-9]+$' });
    const user = registry.byName.get('SysUser')!;
    expect(user.record.properties!.username).toMatchObject({ minLength: 3, maxLength: 64 });
    expect(user.record.properties!.email!.format).toBe('email');
    expect(user.record.required).toEqual(expect.arrayContaining(['username', 'password', 'email', 'mobile', 'prefix', 'orgId', 'status', 'nickname']));
    expect(registry.byName.get('SysTenant')!.scope).toBe('platform');
  });

  it('add the system fields', () => {
    const role = registry.byName.get('SysRole')!;
    expect(role.fields.filter((f) => f.system).map((f) => f.name)).toEqual(['id', 'tenantCode', 'createTime', 'updateTime']);
    expect(registry.byName.get('SysTenant')!.fieldMap.get('tenantCode')?.system).toBe(false);
  });
});

describe('the locales', () => {
  it('have the same keys in en, zh and tw', () => {
    const locales = loadLocales('schemas');
    const en = messageKeys(locales.en).sort();
    for (const l of LOCALES) expect(messageKeys(locales[l]).sort(), l).toEqual(en);
  });
});

describe('the menu', () => {
  const menu = loadMenu('schemas', registry);
  const all: MenuNode[] = [];
  const walk = (nodes: MenuNode[]) => nodes.forEach((n) => (all.push(n), n.children && walk(n.children)));
  walk(menu);

  it('holds the route table of the spec', () => {
    const paths = all.map((n) => n.path);
    for (const p of ['/', '/workbench', '/sysuser', '/sysrole', '/sysurl', '/datapermission', '/systenant', '/appclient', '/onlinesysuser', '/steelApply', '/useSteel', '/model', '/jobinfo', '/editor', '/formdesign', '/swagger', '/permission', '/nested']) {
      expect(paths, p).toContain(p);
    }
    expect(all.find((n) => n.code === 'workbench')?.affix).toBe(true);
    expect(all.find((n) => n.code === 'exampleEdit')).toMatchObject({ hidden: true, noCache: true, path: 'edit/:id(\\d+)' });
    expect(all.find((n) => n.code === 'permission')?.roles).toEqual(['ROLE_ADMIN', 'ROLE_EDITOR']);
  });

  it('names each resource page by its resource menu code', () => {
    for (const n of all.filter((x) => x.component === 'resource')) expect(registry.byName.get(n.resource!)!.menu).toBe(n.code);
  });
});

describe('mistakes', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  function broken(file: string, edit: (text: string) => string): RegistryIssue[] {
    dir = mkdtempSync(join(tmpdir(), 'registry-'));
    cpSync('schemas', dir, { recursive: true });
    const path = join(dir, file);
    writeFileSync(path, edit(readFileSync(path, 'utf8')));
    try {
      const r = loadRegistry(dir);
      loadMenu(dir, r);
    } catch (err) {
      expect(err).toBeInstanceOf(RegistryError);
      return (err as RegistryError).issues;
    }
    throw new Error('no error reported');
  }
  const json = (edit: (doc: Record<string, unknown> & { record: { properties: Record<string, unknown> }; list: { columns: { field: string }[] } }) => void) => (text: string) => {
    const doc = JSON.parse(text);
    edit(doc);
    return JSON.stringify(doc);
  };

  it('names an unknown column field', () => {
    const issues = broken('resources/sys-role.json', json((d) => (d.list.columns[1]!.field = 'roleNmae')));
    expect(issues).toContainEqual({ file: 'resources/sys-role.json', pointer: '/list/columns/1/field', message: 'unknown field "roleNmae"' });
  });

  it('names a wrong type in the record', () => {
    const issues = broken('resources/sys-role.json', json((d) => (d.record.properties.roleName = { type: 'text' })));
    expect(issues[0]).toMatchObject({ file: 'resources/sys-role.json', pointer: '/record/properties/roleName/type' });
  });

  it('names invalid JSON', () => {
    const issues = broken('resources/sys-param.json', (t) => t.replace('{', '{,'));
    expect(issues[0]!.file).toBe('resources/sys-param.json');
    expect(issues[0]!.message).toMatch(/not valid JSON/);
  });

  it('names a missing locale key', () => {
    const issues = broken('locales/tw.json', (t) => t.replace('"roleCode":', '"roleKode":'));
    expect(issues).toContainEqual(expect.objectContaining({ file: 'resources/sys-role.json', pointer: '/labels/fields/roleCode', message: 'i18n key "resources.SysRole.fields.roleCode" is missing in schemas/locales/tw.json' }));
  });

  it('names an unknown relation resource', () => {
    const issues = broken('resources/sys-user.json', json((d) => ((d.relations as Record<string, { resource: string }>).orgId!.resource = 'SysOrganisation')));
    expect(issues).toContainEqual({ file: 'resources/sys-user.json', pointer: '/relations/orgId/resource', message: 'unknown resource "SysOrganisation"' });
  });

  it('names an unknown top-level property', () => {
    const issues = broken('resources/sys-role.json', json((d) => (d.colums = [])));
    expect(issues).toContainEqual({ file: 'resources/sys-role.json', pointer: '', message: 'unknown property "colums"' });
  });

  it('names a duplicate menu code', () => {
    const issues = broken('menu.json', (t) => t.replace('"code": "sysparam"', '"code": "sysdict"'));
    expect(issues.some((i) => i.file === 'menu.json' && /menu code "sysdict" is also used/.test(i.message))).toBe(true);
  });
});
