/**
 * The generic resource page's pure logic: which resource a route shows, the query call's
 * parameters, which actions a user sees, the columns and cell texts, data-permission fields,
 * file names of downloads and the import's row errors.
 */
import { describe, expect, it } from 'vitest';
import { resources, type ActionMeta, type ResourceMeta } from '../../../runtime/generated/resources.ts';
import { actionCallName, hiddenFieldsFor, parseDataFields, resolveResource } from '../../../runtime/resource/meta.ts';
import {
  buildExportBody,
  buildQueryParams,
  hasSearch,
  missingRequiredFilter,
  parseSorter,
  searchParamValue,
  searchParams,
  sorterParam,
} from '../../../runtime/resource/queryParams.ts';
import { listCallName } from '../../../runtime/resource/api.ts';
import {
  CHECK_RECORD,
  ONLY_ONE,
  canView,
  offeredOnRow,
  placementsOf,
  selectionOf,
  selectionProblem,
  typeToConfirmOf,
  typedConfirmMatches,
  typedValues,
  visibleActions,
  type ActionContext,
} from '../../../runtime/resource/actionModel.ts';
import {
  buildColumns,
  cellText,
  detailFields,
  detailRows,
  dictLabel,
  displayValue,
  initialVisibility,
  phoneColumns,
} from '../../../runtime/resource/columns.ts';
import { filenameFromDisposition } from '../../../runtime/resource/download.ts';
import { openPath } from '../../../runtime/resource/openRoute.ts';
import { parseImportErrors } from '../../../runtime/resource/api.ts';

const user = resources.SysUser!;
const org = resources.SysOrg!;
const param = resources.SysParam!;

describe('resolveResource', () => {
  it('takes the resource the route names', () => {
    expect(resolveResource(resources, { path: '/sysuser', meta: { resource: 'SysUser', code: 'sysuser' } })?.name).toBe('SysUser');
  });

  it('finds the entity of the menu code that is not another resource’s detail list', () => {
    // SysUserPost shares the menu "sysuser" but is the users page's detail list.
    expect(resolveResource(resources, { path: '/sysuser', meta: { code: 'sysuser' } })?.name).toBe('SysUser');
    // SysMenu and SysMenuButton share "sysmenu": the one whose path is the code wins.
    expect(resolveResource(resources, { path: '/sysmenu', meta: { code: 'sysmenu' } })?.name).toBe('SysMenu');
  });

  it('falls back to the route name and the last path segment, and finds nothing for other pages', () => {
    expect(resolveResource(resources, { path: '/admin/sysparam', name: 'Unrelated', meta: {} })?.name).toBe('SysParam');
    expect(resolveResource(resources, { path: '/workbench', meta: { code: 'workbench' } })).toBeUndefined();
    // A named resource that is not an entity (a service) is not a list page.
    expect(resolveResource(resources, { path: '/x', meta: { resource: 'UaaUser' } })).toBeUndefined();
  });

  it('finds the list-only pages (list.source): a link and a service resource', () => {
    expect(resolveResource(resources, { path: '/datapermission', meta: { code: 'datapermission' } })?.name).toBe('SysRoleData');
    expect(resolveResource(resources, { path: '/onlinesysuser', meta: { resource: 'SysOnlineUser' } })?.name).toBe('SysOnlineUser');
    // A link resource without list.source has no page.
    expect(resolveResource(resources, { path: '/x', meta: { resource: 'SysRoleUser' } })).toBeUndefined();
  });
});

describe('a list from a declared call (list.source)', () => {
  const data = resources.SysRoleData!;
  const online = resources.SysOnlineUser!;

  it('names the source call as the list call, else the query call', () => {
    expect(listCallName(data)).toBe('queryDataFieldByMenuCode');
    expect(listCallName(online)).toBe('queryOnlineSysUser');
    expect(listCallName(user)).toBe('querySysUser');
  });

  it('sends the filters, and the sorter and the page only to a paged source', () => {
    const req = {
      values: {},
      sort: { field: 'roleCode', order: 'ascend' as const },
      page: 2,
      pageSize: 20,
      fixed: { menuCode: 'sysuser' },
    };
    expect(buildQueryParams(data, req)).toEqual({ menuCode: 'sysuser' });
    // a paged source sorts on the server: only it sees every row
    expect(buildQueryParams(online, { ...req, sort: { field: 'username', order: 'descend' }, fixed: undefined })).toEqual({
      sorter: 'username_descend',
      currentPage: 2,
      pageSize: 20,
    });
  });

  it("always sends a source's fixed parameters, over the filters", () => {
    const candidates = resources.CandidateTask!;
    const mine = resources.MyProcess!;
    const req = { values: { name: 'Approve' }, page: 1, pageSize: 10, fixed: { type: 'assignee' } };
    expect(buildQueryParams(candidates, req)).toEqual({ name: 'Approve', type: 'candidate', currentPage: 1, pageSize: 10 });
    expect(buildQueryParams(mine, { ...req, values: {}, fixed: { processInstanceId: '3' } })).toEqual({
      processInstanceId: '3',
      mine: 'true',
      currentPage: 1,
      pageSize: 10,
    });
  });

  it('waits for a required filter before asking for rows', () => {
    expect(missingRequiredFilter(data, undefined)).toBe(true);
    expect(missingRequiredFilter(data, { menuCode: '' })).toBe(true);
    expect(missingRequiredFilter(data, { menuCode: 'sysuser' })).toBe(false);
    expect(missingRequiredFilter(online, undefined)).toBe(false);
    expect(missingRequiredFilter(user, undefined)).toBe(false);
  });
});

describe('call names', () => {
  it('names the standard calls after the resource; print and view have none; custom ones name theirs', () => {
    const action = (name: string, kind: ActionMeta['kind'] = 'standard', call?: string): ActionMeta => ({
      name,
      kind,
      permission: 'x',
      call,
    });
    expect(actionCallName(user, action('export'))).toBe('exportSysUser');
    expect(actionCallName(user, action('exportWord'))).toBe('exportWordSysUser');
    expect(actionCallName(user, action('import'))).toBe('importSysUser');
    expect(actionCallName(user, action('print'))).toBeUndefined();
    expect(actionCallName(user, action('grantRole', 'custom', 'authorizeRoleToUser'))).toBe('authorizeRoleToUser');
  });
});

describe('query parameters', () => {
  it('maps each match mode, the sort and the page', () => {
    const params = buildQueryParams(user, {
      values: { username: '  adm ', nickname: '', status: 0, mobile: undefined },
      sort: { field: 'username', order: 'ascend' },
      page: 2,
      pageSize: 20,
    });
    expect(params).toEqual({ username: 'adm', status: '0', sorter: 'username_ascend', currentPage: 2, pageSize: 20 });
  });

  it('sends a range as from,to with either side empty, and drops an empty range', () => {
    expect(searchParamValue('range', ['2026-01-01', '2026-01-31'])).toBe('2026-01-01,2026-01-31');
    expect(searchParamValue('range', ['2026-01-01', null])).toBe('2026-01-01,');
    expect(searchParamValue('range', [undefined, 5])).toBe(',5');
    expect(searchParamValue('range', [null, null])).toBe('');
    expect(searchParamValue('exact', true)).toBe('true');
  });

  it('sends only declared search fields, never hidden ones; fixed filters win', () => {
    const values = { username: 'a', nickname: 'b', email: 'c@x' };
    expect(searchParams(user, values)).toEqual({ username: 'a', nickname: 'b' });
    expect(searchParams(user, values, new Set(['nickname']))).toEqual({ username: 'a' });
    const params = buildQueryParams(user, { values: { username: 'a' }, page: 1, pageSize: 10, fixed: { orgId: 3, username: 'z' } });
    expect(params).toMatchObject({ orgId: 3, username: 'z' });
    expect(params.sorter).toBeUndefined();
    expect(hasSearch(user, { username: ' ' })).toBe(false);
    expect(hasSearch(user, { username: 'x' })).toBe(true);
  });

  it('parses and writes the sorter format', () => {
    expect(parseSorter('createTime_descend')).toEqual({ field: 'createTime', order: 'descend' });
    expect(parseSorter('org_sequence_ascend')).toEqual({ field: 'org_sequence', order: 'ascend' });
    expect(parseSorter('createTime')).toBeUndefined();
    expect(parseSorter(undefined)).toBeUndefined();
    expect(sorterParam({ field: 'orgSequence', order: 'ascend' })).toBe('orgSequence_ascend');
    expect(sorterParam(undefined)).toBeUndefined();
  });

  it('builds an export body with the filters, the sort and the visible columns less hidden ones', () => {
    const body = buildExportBody(user, {
      values: { username: 'ad' },
      sort: { field: 'createTime', order: 'descend' },
      fixed: { orgId: 2 },
      hidden: new Set(['email']),
      columns: ['username', 'email', 'status'],
    });
    expect(body).toEqual({ username: 'ad', orgId: 2, sorter: 'createTime_descend', columns: ['username', 'status'] });
  });
});

describe('actions', () => {
  const allButtons: ActionContext = { hasButton: () => true, hasCall: () => true, hasComponent: () => true };

  it('places standard actions by name and custom ones as declared or by their selection', () => {
    const byName = (r: ResourceMeta, n: string) => r.actions.find((a) => a.name === n)!;
    expect(placementsOf(byName(user, 'add'))).toEqual(['toolbar']);
    expect(placementsOf(byName(user, 'delete'))).toEqual(['toolbar', 'row']);
    expect(placementsOf(byName(user, 'update'))).toEqual(['row']);
    expect(placementsOf(byName(user, 'grantRole'))).toEqual(['toolbar', 'row']); // selection one
    expect(placementsOf(byName(user, 'online'))).toEqual(['toolbar']);
    expect(placementsOf(byName(user, 'removePrincipal'))).toEqual(['row']);
    expect(selectionOf(byName(user, 'delete'), 'toolbar')).toBe('many');
    expect(selectionOf(byName(user, 'export'), 'toolbar')).toBe('none');
    expect(selectionOf(byName(user, 'grantRole'), 'toolbar')).toBe('one');
    expect(selectionOf(byName(user, 'delete'), 'row')).toBe('one');
  });

  it('shows standard actions in a fixed order, then custom ones', () => {
    expect(visibleActions(user, 'toolbar', allButtons).map((a) => a.name)).toEqual([
      'query',
      'add',
      'delete',
      'export',
      'exportWord',
      'exportPdf',
      'import',
      'print',
      'grantRole',
      'addToTenant',
      'online',
    ]);
    expect(visibleActions(user, 'row', allButtons).map((a) => a.name)).toEqual([
      'update',
      'delete',
      'grantRole',
      'addToTenant',
      'removePrincipal',
      'unlock',
      'resetPassword',
    ]);
  });

  it('hides an action whose button the user does not hold', () => {
    const held = new Set(['sysuser:query', 'sysuser:add', 'sysuser:update', 'sysuser:export', 'sysuser:online']);
    const ctx: ActionContext = { ...allButtons, hasButton: (c) => held.has(c) };
    expect(visibleActions(user, 'toolbar', ctx).map((a) => a.name)).toEqual(['query', 'add', 'export', 'online']);
    expect(visibleActions(user, 'row', ctx).map((a) => a.name)).toEqual(['update']);
  });

  it('hides a standard action whose call the client lacks and a custom one without a component (an assign action is generic)', () => {
    const ctx: ActionContext = {
      hasButton: () => true,
      hasCall: (name) => name !== 'exportPdfSysUser',
      hasComponent: (_resource, action) => action === 'online',
    };
    const names = visibleActions(user, 'toolbar', ctx).map((a) => a.name);
    expect(names).not.toContain('exportPdf');
    expect(names).toContain('print');
    expect(names.filter((n) => ['grantRole', 'addToTenant', 'online'].includes(n))).toEqual(['grantRole', 'online']);
  });

  it('checks the selection with the spec’s messages', () => {
    expect(selectionProblem('none', 0)).toBeUndefined();
    expect(selectionProblem('many', 0)).toBe(CHECK_RECORD);
    expect(selectionProblem('many', 5)).toBeUndefined();
    expect(selectionProblem('one', 0)).toBe(CHECK_RECORD);
    expect(selectionProblem('one', 2)).toBe(ONLY_ONE);
    expect(selectionProblem('one', 1)).toBeUndefined();
  });

  it('offers the detail view by its view button when declared, else to everyone', () => {
    expect(canView(user, () => false)).toBe(true);
    const withView = { actions: [...user.actions, { name: 'view', kind: 'standard' as const, permission: 'sysuser:view' }] };
    expect(canView(withView, () => false)).toBe(false);
    expect(canView(withView, (c) => c === 'sysuser:view')).toBe(true);
  });
});

describe('row actions by a flag, and deletes confirmed by typing', () => {
  const tenant = resources.SysTenant!;
  const byName = (name: string) => tenant.actions.find((a) => a.name === name)!;

  it('offers Delete on live tenants and Restore on deleted ones only', () => {
    expect(offeredOnRow(byName('delete'), { deleted: false })).toBe(true);
    expect(offeredOnRow(byName('delete'), { deleted: true })).toBe(false);
    expect(offeredOnRow(byName('restore'), { deleted: true })).toBe(true);
    expect(offeredOnRow(byName('restore'), { deleted: false })).toBe(false);
    expect(offeredOnRow(byName('restore'), {})).toBe(false);
    expect(offeredOnRow(byName('update'), { deleted: true })).toBe(true);
  });

  it('offers Resolve on delegated tasks only, and Pass on the others (a condition on a field value)', () => {
    const task = resources.AssigneeTask!;
    const action = (name: string) => task.actions.find((a) => a.name === name)!;
    expect(offeredOnRow(action('resolve'), { delegationState: 'pending' })).toBe(true);
    expect(offeredOnRow(action('resolve'), { delegationState: 'resolved' })).toBe(false);
    expect(offeredOnRow(action('resolve'), { delegationState: null })).toBe(false);
    expect(offeredOnRow(action('pass'), { delegationState: 'pending' })).toBe(false);
    expect(offeredOnRow(action('pass'), { delegationState: null })).toBe(true);
    expect(offeredOnRow(action('delegate'), { delegationState: 'pending' })).toBe(true);
  });

  it('opens the route of an open action with the row values, and nothing when one is missing', () => {
    const design = resources.Model!.actions.find((a) => a.name === 'design')!;
    expect(
      visibleActions(resources.Model!, 'row', { hasButton: () => true, hasCall: () => false, hasComponent: () => false }).map(
        (a) => a.name,
      ),
    ).toContain('design');
    expect(openPath(design.open!, { id: 12 })).toBe('/processdesign?id=12');
    expect(openPath(design.open!, {})).toBeUndefined();
    expect(openPath({ route: '/example/edit/:id' }, { id: 'a/b' })).toBe('/example/edit/a%2Fb');
    expect(openPath({ route: '/example/edit/:id' }, { id: '' })).toBeUndefined();
    expect(openPath({ route: '/example/create' }, undefined)).toBe('/example/create');
    expect(openPath({ route: '/x', query: { q: 'name', n: 'id' } }, { name: 'a&b', id: 3 })).toBe('/x?q=a%26b&n=3');
  });

  it('asks for the tenant code, and matches exactly the expected values', () => {
    expect(typeToConfirmOf(tenant)).toBe('tenantCode');
    expect(typeToConfirmOf(resources.SysRole!)).toBeUndefined();
    expect(typedValues(' acme , ,beta ')).toEqual(['acme', 'beta']);
    expect(typedConfirmMatches(['acme'], 'acme')).toBe(true);
    expect(typedConfirmMatches(['acme'], ' acme ')).toBe(true);
    for (const wrong of ['', 'acm', 'ACME', 'acme,beta', 'beta']) expect(typedConfirmMatches(['acme'], wrong), wrong).toBe(false);
    expect(typedConfirmMatches(['acme', 'beta'], 'beta, acme')).toBe(true);
    expect(typedConfirmMatches(['acme', 'beta'], 'acme')).toBe(false);
  });
});

describe('columns and cells', () => {
  const translations: Record<string, string> = {
    'dict.user_status.1': 'Normal',
    'dict.auth_type.password': 'Password',
    'dict.auth_type.mobile': 'Mobile',
    'resource.yes': 'Yes',
  };
  const translate = (key: string) => translations[key];

  it('builds the list columns less secret and hidden fields, with dictionaries and relations', () => {
    const columns = buildColumns(user, new Set(['email']));
    expect(columns.map((c) => c.field)).toEqual(['username', 'nickname', 'mobile', 'orgId', 'status', 'createTime']);
    const status = columns.find((c) => c.field === 'status')!;
    expect(status).toMatchObject({ dict: 'user_status', label: 'resources.SysUser.fields.status' });
    expect(columns.find((c) => c.field === 'orgId')!.labelField).toBe('orgName');
    expect(columns.find((c) => c.field === 'createTime')!).toMatchObject({ sortable: true, type: 'datetime' });
    expect(initialVisibility([{ ...status, defaultHidden: true }])).toEqual({ status: false });
  });

  it('keeps the columns marked for phones, else the first two', () => {
    const columns = buildColumns(user);
    expect([...phoneColumns(columns)]).toEqual(['username', 'status']);
    expect([...phoneColumns(columns.map((c) => ({ ...c, phone: false })))]).toEqual(['username', 'nickname']);
  });

  it('lists every readable field in the detail view, never secrets, the tenant code or hidden fields', () => {
    const fields = detailFields(user, new Set(['mobile'])).map((f) => f.field);
    expect(fields).toContain('address');
    expect(fields).toContain('updateTime');
    expect(fields).not.toContain('password');
    expect(fields).not.toContain('tenantCode');
    expect(fields).not.toContain('mobile');
  });

  it("leaves the record's internal key, a relation without its label and empty fields out of its detail", () => {
    const record = { id: 7, username: 'ann', orgId: 2, email: '', address: null, nickname: 'Ann' };
    const fields = detailRows(user, record).map((f) => f.field);
    expect(fields).toEqual(['username', 'nickname']);
    expect(detailRows(user, { ...record, orgName: 'Information Department' }).map((f) => f.field)).toContain('orgId');
    expect(detailRows(user, { ...record, email: 'ann@example.com' }, new Set(['email'])).map((f) => f.field)).not.toContain('email');
  });

  it('shows dictionary labels (item by item for a list), relation labels and formatted dates', () => {
    const [orgCol, statusCol, createdCol] = ['orgId', 'status', 'createTime'].map((f) => buildColumns(user).find((c) => c.field === f)!);
    const record = { orgId: 2, orgName: 'Information Department', status: 1, createTime: new Date(2026, 0, 2, 3, 4, 5).toISOString() };
    expect(cellText(orgCol!, record, translate)).toBe('Information Department');
    expect(cellText(orgCol!, { orgId: 2 }, translate)).toBe('2');
    expect(displayValue(orgCol!, { orgId: 2, orgName: '' })).toBe(2);
    expect(cellText(statusCol!, record, translate)).toBe('Normal');
    expect(cellText(statusCol!, { status: 7 }, translate)).toBe('7');
    expect(cellText(createdCol!, record, translate)).toBe('2026-01-02 03:04:05');
    expect(cellText(createdCol!, { createTime: null }, translate)).toBe('');
    expect(dictLabel('auth_type', 'password,mobile', translate)).toBe('Password, Mobile');
    const flag = { field: 'enabled', type: 'boolean' as const };
    expect(cellText(flag, { enabled: true }, translate)).toBe('Yes');
    const json = { field: 'meta', type: 'json' as const };
    expect(cellText(json, { meta: { a: 1 } }, translate)).toBe('{"a":1}');
  });

  it('sorts nothing a resource does not declare sortable', () => {
    expect(
      buildColumns(param)
        .filter((c) => c.sortable)
        .map((c) => c.field),
    ).toEqual(['paramKey', 'createTime']);
    expect(org.list.mode).toBe('tree');
  });
});

describe('data permissions', () => {
  it('reads the dataFields of the authority answer, as arrays or comma lists', () => {
    expect(parseDataFields({ sysuser: ['email', ' mobile ', ''], sysorg: 'orgType, orgDescription', bad: 3 })).toEqual({
      sysuser: ['email', 'mobile'],
      sysorg: ['orgType', 'orgDescription'],
      bad: [],
    });
    expect(parseDataFields(undefined)).toEqual({});
    expect(parseDataFields(['email'])).toEqual({});
  });

  it('hides the fields of the resource’s menu and the relation labels showing them', () => {
    expect(hiddenFieldsFor(user, { sysuser: ['orgId'] })).toEqual(new Set(['orgId', 'orgName']));
    expect(hiddenFieldsFor(user, { sysorg: ['orgType'] })).toEqual(new Set());
    // The detail list of the users page shares its menu.
    expect(hiddenFieldsFor(resources.SysUserPost!, { sysuser: ['postCode'] })).toEqual(new Set(['postCode', 'postName']));
  });
});

describe('downloads and imports', () => {
  it('reads the file name of a Content-Disposition header', () => {
    expect(filenameFromDisposition('attachment; filename="SysUser-2026-01-02.xlsx"')).toBe('SysUser-2026-01-02.xlsx');
    expect(filenameFromDisposition('attachment; filename="x.pdf"; filename*=UTF-8\'\'%E7%94%A8%E6%88%B7.pdf')).toBe('用户.pdf');
    expect(filenameFromDisposition('attachment; filename=plain.docx')).toBe('plain.docx');
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('inline')).toBeUndefined();
    expect(filenameFromDisposition(undefined)).toBeUndefined();
  });

  it('reads the import’s row errors', () => {
    const body = {
      status: 400,
      message: 'Nothing was imported',
      errors: [
        { field: 'row 3.username', message: 'must be at least 3 characters' },
        { field: 'row 4', message: 'is empty' },
        { field: 'file', message: 'must be an .xlsx spreadsheet' },
      ],
    };
    expect(parseImportErrors(body)).toEqual([
      { row: 3, field: 'username', message: 'must be at least 3 characters' },
      { row: 4, field: undefined, message: 'is empty' },
      { row: undefined, field: 'file', message: 'must be an .xlsx spreadsheet' },
    ]);
    expect(parseImportErrors({ data: { errors: [{ row: '2', message: 'bad' }] } })).toEqual([{ row: 2, field: undefined, message: 'bad' }]);
    expect(parseImportErrors(undefined)).toEqual([]);
  });
});

describe('extension modules', () => {
  it('loads every registered module once before the page renders, also those registered later', async () => {
    const { hasActionComponent, loadExtensionModules, registerActionComponent, registerExtensionModule } =
      await import('../../../runtime/resource/extensions.ts');
    let loads = 0;
    registerExtensionModule(async () => {
      loads += 1;
      registerActionComponent('UnitTest', 'badge', () => Promise.reject(new Error('not shown')));
    });
    expect(hasActionComponent('UnitTest', 'badge')).toBe(false);
    const first = loadExtensionModules();
    expect(loadExtensionModules()).toBe(first);
    await first;
    expect(loads).toBe(1);
    expect(hasActionComponent('UnitTest', 'badge')).toBe(true);
    let later = 0;
    registerExtensionModule(async () => {
      later += 1;
    });
    await loadExtensionModules();
    await loadExtensionModules();
    expect(later).toBe(1);
    expect(loads).toBe(1);
  });
});
