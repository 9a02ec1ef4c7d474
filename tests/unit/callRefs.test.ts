/**
 * References to calls by name (schemas/registry/callRefs.ts): a reference takes the call of its
 * own resource, else the one of its service, else the one of any resource; two calls at the
 * step that decides are a registry error naming both; `<Resource>.<call>` names one. Calls
 * sharing a name become client functions named after their URLs, whatever order the files are
 * read in, and the console's metadata names every reference by its function.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CallDirectory, clientName, nameClientFunctions, qualifiedCallName, type CallOwner } from '../../schemas/registry/callRefs.ts';
import { buttonNeeds, needsIndex } from '../../schemas/registry/grantNeeds.ts';
import { loadRegistry, RegistryError, type RegistryIssue } from '../../schemas/registry/loadRegistry.ts';
import { resourceMeta } from '../../schemas/registry/resourceMeta.ts';
import type { CallDef } from '../../schemas/registry/types.ts';
import { emitClient } from '../../generators/emitClient.ts';

type Call = { name: string; url: string };
const call = (url: string): Call => ({ name: url.split('/').at(-1)!, url });

const owners: CallOwner<Call>[] = [
  { name: 'SysUser', service: 'admin', calls: [call('/api/admin/sysuser/queryUsername')] },
  { name: 'Task', service: 'activiti', calls: [call('/api/activiti/task/queryUsername'), call('/api/activiti/task/completeTask')] },
  { name: 'AssigneeTask', service: 'activiti', calls: [] },
  { name: 'Inbox', service: 'notification', calls: [call('/api/notification/inbox/queryUsername')] },
  { name: 'Notice', service: 'notification', calls: [] },
  { name: 'JobInfo', service: 'job', calls: [] },
];
const directory = new CallDirectory(owners);
const from = (name: string) => owners.find((o) => o.name === name)!;

describe('a reference to a call', () => {
  it('takes the call of its own resource first', () => {
    expect(directory.resolve(from('Inbox'), 'queryUsername')).toEqual({
      call: call('/api/notification/inbox/queryUsername'),
      resource: 'Inbox',
    });
  });

  it('then the one of a resource of its service', () => {
    expect(directory.resolve(from('AssigneeTask'), 'queryUsername')).toMatchObject({ resource: 'Task' });
    expect(directory.resolve(from('Notice'), 'queryUsername')).toMatchObject({ resource: 'Inbox' });
  });

  it('then the one of any resource', () => {
    expect(directory.resolve(from('SysUser'), 'completeTask')).toMatchObject({ resource: 'Task' });
  });

  it('names both (all) calls when two decide at once, and a qualified reference settles it', () => {
    const found = directory.resolve(from('JobInfo'), 'queryUsername');
    expect(found).toEqual({
      ambiguous: [
        { resource: 'SysUser', call: call('/api/admin/sysuser/queryUsername') },
        { resource: 'Task', call: call('/api/activiti/task/queryUsername') },
        { resource: 'Inbox', call: call('/api/notification/inbox/queryUsername') },
      ],
    });
    expect(directory.find(from('JobInfo'), 'queryUsername')).toBeUndefined();
    expect(directory.resolve(from('JobInfo'), 'Task.queryUsername')).toMatchObject({ resource: 'Task' });
    expect(directory.resolve(from('JobInfo'), 'Task.nothing')).toEqual({ missing: true });
    expect(directory.resolve(from('JobInfo'), 'queryNothing')).toEqual({ missing: true });
  });
});

describe('client function names', () => {
  it('keep a name no other call has, and name shared ones after their URL whatever the order', () => {
    const calls = () =>
      ['/api/admin/sysuser/queryUsername', '/api/activiti/task/queryUsername', '/api/activiti/task/completeTask'].map(
        (url) => ({ ...call(url), verb: 'custom' }) as CallDef,
      );
    const forward = calls();
    nameClientFunctions(forward);
    const backward = calls().reverse();
    nameClientFunctions(backward);
    const names = (list: CallDef[]) => Object.fromEntries(list.map((c) => [c.url, clientName(c)]));
    expect(names(forward)).toEqual({
      '/api/admin/sysuser/queryUsername': 'adminSysuserQueryUsername',
      '/api/activiti/task/queryUsername': 'activitiTaskQueryUsername',
      '/api/activiti/task/completeTask': 'completeTask',
    });
    expect(names(backward)).toEqual(names(forward));
    expect(qualifiedCallName('/api/uaa/oauth/token')).toBe('uaaOauthToken');
  });
});

describe('the resource files', () => {
  const registry = loadRegistry('schemas');
  const byUrl = (url: string) => registry.callByUrl.get(url)!;

  it('declare queryUsername twice, as the platform serves it, each with a function of its own', () => {
    expect(byUrl('/api/admin/sysuser/queryUsername')).toMatchObject({ name: 'queryUsername', clientName: 'adminSysuserQueryUsername' });
    expect(byUrl('/api/activiti/task/queryUsername')).toMatchObject({ name: 'queryUsername', clientName: 'activitiTaskQueryUsername' });
    expect(byUrl('/api/activiti/process/persistProcess')).toMatchObject({ name: 'persistProcess' });
    expect(byUrl('/api/activiti/process/persistProcess').clientName).toBeUndefined();
    const client = emitClient(registry);
    expect(client).toContain('export async function adminSysuserQueryUsername(');
    expect(client).toContain('export async function activitiTaskQueryUsername(');
    expect(client).not.toMatch(/function queryUsername\(/);
  });

  it("resolve the delegate dialog's users to the workflow's call, and name its function in the console's metadata", () => {
    const assignee = registry.byName.get('AssigneeTask')!;
    const delegate = () => (r: { actions: { name: string; run?: { inputs?: { options?: string }[] } }[] }) =>
      r.actions.find((a) => a.name === 'delegate')!.run!.inputs!.find((i) => i.options)!.options;
    expect(delegate()(assignee)).toBe('queryUsername');
    expect(assignee.callRefs).toEqual({ queryUsername: 'activitiTaskQueryUsername' });
    const meta = resourceMeta(assignee);
    expect(delegate()(meta)).toBe('activitiTaskQueryUsername');
    // the registry's resource is left as written
    expect(delegate()(assignee)).toBe('queryUsername');
    expect(resourceMeta(registry.byName.get('SysUser')!).calls.find((c) => c.url.endsWith('/queryUsername'))!.name).toBe(
      'adminSysuserQueryUsername',
    );
    // what a page needs follows the same rule, in both views
    expect(needsIndex(registry.resources).directory.find(assignee, 'queryUsername')?.url).toBe('/api/activiti/task/queryUsername');
    const metas = registry.resources.map(resourceMeta);
    const metaIndex = needsIndex(metas);
    expect(metaIndex.directory.find(meta, 'activitiTaskQueryUsername')?.url).toBe('/api/activiti/task/queryUsername');
    // the modeler's save comes with its Design button
    expect([...buttonNeeds(metaIndex, 'model:design').urls]).toContain('/api/activiti/process/persistProcess');
    // and the Delegate button the users its dialog offers (a run action's input options)
    expect([...buttonNeeds(metaIndex, 'assigneetask:delegate').urls]).toContain('/api/activiti/task/queryUsername');
    expect([...buttonNeeds(needsIndex(registry.resources), 'assigneetask:delegate').urls]).not.toContain(
      '/api/admin/sysuser/queryUsername',
    );
  });
});

describe('mistakes in references', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  type Doc = { calls?: Record<string, unknown>[]; actions: { name: string; run?: { inputs?: { options?: string }[] } }[] };
  /** A copy of schemas/ with the given resource files edited. */
  function copy(edits: Record<string, (doc: Doc) => void>): string {
    dir = mkdtempSync(join(tmpdir(), 'call-refs-'));
    cpSync('schemas', dir, { recursive: true });
    for (const [file, edit] of Object.entries(edits)) {
      const path = join(dir, 'resources', file);
      const doc = JSON.parse(readFileSync(path, 'utf8')) as Doc;
      edit(doc);
      writeFileSync(path, JSON.stringify(doc, null, 2));
    }
    return dir;
  }
  function issuesOf(edits: Record<string, (doc: Doc) => void>): RegistryIssue[] {
    try {
      loadRegistry(copy(edits));
    } catch (err) {
      expect(err).toBeInstanceOf(RegistryError);
      return (err as RegistryError).issues;
    }
    throw new Error('no error reported');
  }
  const another = (path: string) => (doc: Doc) => {
    doc.calls = [...(doc.calls ?? []), { name: 'queryUsername', method: 'GET', handler: 'workflow.queryUsername', description: path }];
  };
  const delegateOptions = (value: string) => (doc: Doc) => {
    const input = doc.actions.find((a) => a.name === 'delegate')!.run!.inputs!.find((i) => i.options)!;
    input.options = value;
  };
  const optionsPointer = () => {
    const doc = JSON.parse(readFileSync('schemas/resources/act-assignee-task.json', 'utf8')) as Doc;
    const i = doc.actions.findIndex((a) => a.name === 'delegate');
    const j = doc.actions[i]!.run!.inputs!.findIndex((input) => input.options);
    return `/actions/${i}/run/inputs/${j}/options`;
  };

  it('refuses a reference two calls of its service answer to, naming both', () => {
    const issues = issuesOf({ 'act-proc-def.json': another('process') });
    expect(issues).toEqual([
      {
        file: 'resources/act-assignee-task.json',
        pointer: optionsPointer(),
        message:
          '"queryUsername" names more than one call: ProcessDefinition (/api/activiti/process/queryUsername) and Task ' +
          '(/api/activiti/task/queryUsername) (a reference takes the call of its own resource, else the one of its service ' +
          '"activiti", else the one of any resource); write "ProcessDefinition.queryUsername" or "Task.queryUsername"',
      },
    ]);
  });

  it('takes the qualified call, and the call of its own resource over the others', () => {
    const qualified = loadRegistry(
      copy({ 'act-proc-def.json': another('process'), 'act-assignee-task.json': delegateOptions('Task.queryUsername') }),
    );
    expect(qualified.byName.get('AssigneeTask')!.callRefs).toEqual({ 'Task.queryUsername': 'activitiTaskQueryUsername' });
    rmSync(dir!, { recursive: true, force: true });
    const own = loadRegistry(copy({ 'act-assignee-task.json': another('assigneetask') }));
    expect(own.byName.get('AssigneeTask')!.callRefs).toEqual({ queryUsername: 'activitiAssigneetaskQueryUsername' });
    expect(emitClient(own)).toContain('export async function activitiAssigneetaskQueryUsername(');
  });

  it('keeps the names of the standard calls: a declared call of another resource may not take one', () => {
    const issues = issuesOf({
      'act-task.json': (doc) => {
        doc.calls = [...(doc.calls ?? []), { name: 'querySysRole', method: 'GET', handler: 'workflow.queryTask' }];
      },
    });
    expect(issues).toEqual([
      {
        file: 'resources/act-task.json',
        pointer: `/calls/${JSON.parse(readFileSync('schemas/resources/act-task.json', 'utf8')).calls.length}/name`,
        message:
          'call name "querySysRole" is a standard call of SysRole (resources/sys-role.json): the console finds standard calls by name, so no other call may take one',
      },
    ]);
  });

  it('still names a call no resource declares', () => {
    expect(issuesOf({ 'act-assignee-task.json': delegateOptions('queryNobody') })).toEqual([
      { file: 'resources/act-assignee-task.json', pointer: optionsPointer(), message: 'no call named "queryNobody" in any resource' },
    ]);
  });
});
