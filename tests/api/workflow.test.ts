/**
 * The workflow engine through its API (docs/workflow.md): a two-step approval with an
 * exclusive gateway and a parallel branch deployed, started, claimed (two users at once: one
 * wins), passed, sent back, passed again, rejected; the refusals (not yours, twice, suspended,
 * bad models, a loop without a wait state); suspension and activation with their messages;
 * timers; another tenant sees and touches nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';
import {
  A,
  APPROVAL,
  LOOP,
  PARALLEL,
  SIMPLE,
  activities,
  bpmn,
  deploy,
  deploymentOf,
  instance,
  instanceTasks,
  ok,
  orgOf,
  start,
  tasks,
  timers,
  type Api,
  type Rec,
} from './workflowFixtures.ts';

let server: TestServer;
let admin: Api;
let editor: Api;
let visitor: Api;
let acme: Api;
let approvalId: number;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signIn(server.url, 'demo', 'admin');
  admin = client(server.url, adminToken);
  editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
  visitor = client(server.url, await signIn(server.url, 'demo', 'visitor'));
  acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
  approvalId = await deploy(admin, APPROVAL, 'Two-step approval');
});

afterAll(async () => {
  await server?.stop();
});

const open = (list: Rec[]) => list.filter((t) => t.status === 'open');

describe('a two-step approval', () => {
  it('runs start to end: claim (one of two wins), pass, parallel branch, gateway, send back, pass again', async () => {
    const id = await start(admin, approvalId, { amount: 5000 });
    // the first approval is offered to ROLE_EDITOR and to visitor
    const offered = (await tasks(editor, { type: 'candidate' })).find((t) => t.processInstanceId === id)!;
    expect(offered).toMatchObject({ name: 'First approval', assignee: null, status: 'open' });
    expect((await tasks(visitor)).map((t) => t.id)).toContain(offered.id);
    expect((await tasks(admin)).map((t) => t.id)).not.toContain(offered.id);

    // both claim at once: one wins, the other is told it is claimed, nothing else changes
    const [a, b] = await Promise.all([
      editor.post(`${A}/task/claimTask`, undefined, { taskId: Number(offered.id) }),
      visitor.post(`${A}/task/claimTask`, undefined, { taskId: Number(offered.id) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect((loser.body as Envelope).message).toBe('The task is already claimed');
    const winner = a.status === 200 ? editor : visitor;
    const winnerName = a.status === 200 ? 'editor' : 'visitor';
    expect((await instanceTasks(admin, id)).map((t) => t.assignee)).toEqual([winnerName]);

    // not the winner's task: refused
    const other = winner === editor ? visitor : editor;
    expect((await other.post(`${A}/task/completeTask`, { taskId: Number(offered.id), comment: 'mine?' })).status).toBe(403);

    const passed = await winner.post<Envelope>(`${A}/task/completeTask`, {
      taskId: Number(offered.id),
      comment: 'fine by me',
      variables: { note: 'first' },
    });
    expect(passed.body.message).toBe('Passed successfully');
    // twice: refused
    expect((await winner.post(`${A}/task/completeTask`, { taskId: Number(offered.id), comment: 'again' })).status).toBe(409);

    // the parallel branch: the second approval waits, the audit ran
    let list = await instanceTasks(admin, id);
    expect(open(list).map((t) => [t.name, t.assignee])).toEqual([['Second approval', 'admin']]);
    const vars = ok<Rec[]>(await admin.get(`${A}/history/queryHistoricVariableInstance`, { processInstanceId: id }));
    expect(Object.fromEntries(vars.map((v) => [v.variableName, JSON.parse(String(v.variableValue))]))).toMatchObject({
      amount: 5000,
      audits: 1,
      note: 'first',
      starter: 'admin',
    });

    // the second approver sends it back: the first approval is offered again
    const second = open(list)[0]!;
    const back = await admin.post<Envelope>(`${A}/task/regressTask`, { taskId: Number(second.id), comment: 'missing papers' });
    expect(back.body.message, JSON.stringify(back.body)).toBe('Sent back successfully');
    list = await instanceTasks(admin, id);
    expect(list.find((t) => t.id === second.id)!.status).toBe('regressed');
    const again = open(list);
    expect(again.map((t) => [t.name, t.assignee])).toEqual([['First approval', null]]);
    ok(await editor.post(`${A}/task/claimTask`, undefined, { taskId: Number(again[0]!.id) }));
    ok(await editor.post(`${A}/task/completeTask`, { taskId: Number(again[0]!.id), comment: 'papers added' }));

    // passed again: over 1000, so the director (the starter) approves last
    const second2 = open(await instanceTasks(admin, id))[0]!;
    expect(second2.name).toBe('Second approval');
    ok(await admin.post(`${A}/task/completeTask`, { taskId: Number(second2.id), comment: 'ok' }));
    const director = open(await instanceTasks(admin, id));
    expect(director.map((t) => [t.name, t.assignee])).toEqual([['Director approval', 'admin']]);
    ok(await admin.post(`${A}/task/completeTask`, { taskId: Number(director[0]!.id), comment: 'approved' }));

    expect(await instance(admin, id)).toMatchObject({ status: 'over', ended: true, result: 'completed' });
    const acts = await activities(admin, id);
    const ids = acts.map((x) => x.activityId);
    expect(ids.filter((x) => x === 'first')).toHaveLength(2);
    expect(ids.filter((x) => x === 'audit')).toHaveLength(2);
    expect(ids).toContain('director');
    expect(ids.filter((x) => x === 'end')).toHaveLength(1);
    expect(acts.every((x) => x.endTime)).toBe(true);
    const vars2 = ok<Rec[]>(await admin.get(`${A}/history/queryHistoricVariableInstance`, { processInstanceId: id }));
    expect(vars2.find((v) => v.variableName === 'audits')!.variableValue).toBe('2');
    const comments = ok<Rec[]>(await admin.get(`${A}/task/queryTaskComment`, { processInstanceId: id }));
    expect(comments.map((c) => [c.action, c.message])).toEqual([
      ['complete', 'fine by me'],
      ['regress', 'missing papers'],
      ['complete', 'papers added'],
      ['complete', 'ok'],
      ['complete', 'approved'],
    ]);
    const details = ok<PageData>(await admin.get(`${A}/history/queryHistoricDetail`, { processInstanceId: id, pageSize: 100 })).list;
    expect(details.filter((d) => d.variableName === 'audits').map((d) => d.variableValue)).toEqual(['1', '2']);
    // the starter's own list, with the diagram marking every step taken
    const mine = ok<PageData>(await admin.get(`${A}/process/queryProcessInstance`, { mine: true, pageSize: 100 })).list;
    expect(mine.map((m) => m.id)).toContain(id);
    const svg = await admin.get(`${A}/process/getHighLightedProcessDiagram`, { processInstanceId: id });
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(String(svg.body)).toContain('class="activity finished" data-element-id="director"');
  });

  it('takes the small-amount path, and a rejection ends the instance for its starter', async () => {
    const small = await start(admin, approvalId, { amount: 10 });
    const t = (await tasks(editor, { type: 'candidate' })).find((x) => x.processInstanceId === small)!;
    ok(await editor.post(`${A}/task/claimTask`, undefined, { taskId: Number(t.id) }));
    ok(await editor.post(`${A}/task/completeTask`, { taskId: Number(t.id), comment: 'ok' }));
    const s = open(await instanceTasks(admin, small))[0]!;
    ok(await admin.post(`${A}/task/completeTask`, { taskId: Number(s.id), comment: 'ok' }));
    expect(await instance(admin, small)).toMatchObject({ status: 'over', result: 'completed' });
    expect((await activities(admin, small)).map((x) => x.activityId)).not.toContain('director');

    const rejected = await start(admin, approvalId, { amount: 10 });
    const r = (await tasks(visitor)).find((x) => x.processInstanceId === rejected)!;
    ok(await visitor.post(`${A}/task/claimTask`, undefined, { taskId: Number(r.id) }));
    // a comment is required
    expect((await visitor.post(`${A}/task/rejectTask`, { taskId: Number(r.id) })).status).toBe(400);
    const res = await visitor.post<Envelope>(`${A}/task/rejectTask`, { taskId: Number(r.id), comment: 'no budget' });
    expect(res.body.message).toBe('Rejected successfully');
    expect(await instance(admin, rejected)).toMatchObject({ status: 'over', result: 'rejected', startUserId: 'admin' });
    expect((await instanceTasks(admin, rejected)).map((x) => x.status)).toEqual(['rejected']);
    expect((await visitor.post(`${A}/task/completeTask`, { taskId: Number(r.id), comment: 'late' })).status).toBe(409);
  });

  it('delegates and resolves a task', async () => {
    const id = await start(admin, approvalId, { amount: 10 });
    const t = (await tasks(editor, { type: 'candidate' })).find((x) => x.processInstanceId === id)!;
    ok(await editor.post(`${A}/task/claimTask`, undefined, { taskId: Number(t.id) }));
    expect(
      (await editor.post<Envelope>(`${A}/task/delegateTask`, { taskId: Number(t.id), assignee: 'visitor', comment: 'please check' })).body
        .message,
    ).toBe('Delegated successfully');
    expect((await editor.post(`${A}/task/completeTask`, { taskId: Number(t.id), comment: 'x' })).status).toBe(403);
    expect((await visitor.post(`${A}/task/completeTask`, { taskId: Number(t.id), comment: 'x' })).status).toBe(409);
    expect((await visitor.post<Envelope>(`${A}/task/resolveTask`, { taskId: Number(t.id), comment: 'checked' })).body.message).toBe(
      'Resolved successfully',
    );
    ok(await editor.post(`${A}/task/completeTask`, { taskId: Number(t.id), comment: 'done' }));
  });
});

describe('concurrent steps of one instance', () => {
  it('two users completing both parallel tasks at once: both steps are stored, the join goes on once', async () => {
    const defId = await deploy(admin, PARALLEL, 'Parallel');
    for (let round = 0; round < 3; round++) {
      const id = await start(admin, defId);
      const list = open(await instanceTasks(admin, id));
      const left = list.find((t) => t.name === 'Left')!;
      const right = list.find((t) => t.name === 'Right')!;
      const [l, r] = await Promise.all([
        admin.post(`${A}/task/completeTask`, { taskId: Number(left.id), comment: 'left', variables: { left: true } }),
        editor.post(`${A}/task/completeTask`, { taskId: Number(right.id), comment: 'right', variables: { right: true } }),
      ]);
      expect([l.status, r.status], JSON.stringify([l.body, r.body])).toEqual([200, 200]);
      const after = await instanceTasks(admin, id);
      expect(after.map((t) => [t.name, t.status]).sort()).toEqual([
        ['After', 'open'],
        ['Left', 'completed'],
        ['Right', 'completed'],
      ]);
      const vars = ok<Rec[]>(await admin.get(`${A}/history/queryHistoricVariableInstance`, { processInstanceId: id }));
      expect(vars.map((v) => v.variableName).sort()).toEqual(['left', 'right', 'starter']);
      expect((await activities(admin, id)).filter((a) => a.activityId === 'after')).toHaveLength(1);
    }
  });
});

describe('suspension and activation', () => {
  it('a suspended instance refuses its tasks; a suspended definition starts nothing', async () => {
    const id = await start(admin, approvalId, { amount: 10 });
    const t = (await tasks(editor, { type: 'candidate' })).find((x) => x.processInstanceId === id)!;
    ok(await editor.post(`${A}/task/claimTask`, undefined, { taskId: Number(t.id) }));
    const s = await admin.post<Envelope>(`${A}/process/suspendProcessInstance`, undefined, { processInstanceId: id });
    expect(s.body.message).toBe('Suspended successfully');
    const refused = await editor.post<Envelope>(`${A}/task/completeTask`, { taskId: Number(t.id), comment: 'x' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('suspended');
    expect((await instanceTasks(admin, id)).map((x) => x.status)).toEqual(['open']);
    expect((await admin.post<Envelope>(`${A}/process/activateProcessInstance`, undefined, { processInstanceId: id })).body.message).toBe(
      'Activated successfully',
    );
    ok(await editor.post(`${A}/task/completeTask`, { taskId: Number(t.id), comment: 'x' }));

    expect(
      (await admin.post<Envelope>(`${A}/process/suspendProcessDefinition`, undefined, { processDefinitionId: approvalId })).body.message,
    ).toBe('Suspended successfully');
    const blocked = await admin.post<Envelope>(`${A}/process/startProcessInstance`, { processDefinitionId: approvalId });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toContain('suspended');
    expect(
      (await admin.post<Envelope>(`${A}/process/activateProcessDefinition`, undefined, { processDefinitionId: approvalId })).body.message,
    ).toBe('Activated successfully');
    await start(admin, approvalId, { amount: 1 });
  });
});

describe('the model form', () => {
  it("keeps the model's organisation and its referable users and organisations, labelled; refuses one that names nothing", async () => {
    const orgs = ok<PageData>(await admin.get('/api/admin/sysorg/querySysOrg', { pageSize: 100 })).list;
    const users = ok<PageData>(await admin.get('/api/admin/sysuser/querySysUser', { pageSize: 100 })).list;
    const org = orgs[0]!;
    const editorUser = users.find((u) => u.username === 'editor')!;
    const added = ok<Rec>(
      await admin.post(`${A}/model/addModel`, {
        modelName: 'Referable',
        modelCategory: 'test',
        orgId: Number(org.id),
        referUserIds: [Number(editorUser.id)],
        referOrgIds: [Number(org.id)],
      }),
    );
    const [read] = ok<PageData>(await admin.get(`${A}/model/queryModel`, { id: Number(added.id) })).list;
    expect(read).toMatchObject({
      orgId: Number(org.id),
      orgName: org.orgName,
      referUserIds: [Number(editorUser.id)],
      referUsernames: ['editor'],
      referOrgIds: [Number(org.id)],
      referOrgNames: [org.orgName],
    });
    // the organisation tree with its users, the model's referable users ticked (queryModelOrgUserTree)
    type Node = { key: string; userId?: number; children?: Node[] };
    const leaves = (nodes: Node[]): number[] => nodes.flatMap((n) => (n.userId ? [n.userId] : leaves(n.children ?? [])));
    const TREE = '/api/admin/sysorg/queryModelOrgUserTree';
    const all = ok<{ tree: Node[]; checked: number[] }>(await admin.get(TREE, { modelId: Number(added.id) }));
    expect(leaves(all.tree).sort()).toEqual(users.map((u) => Number(u.id)).sort());
    expect(all.checked).toEqual([Number(editorUser.id)]);
    const only = ok<{ tree: Node[] }>(await admin.get(TREE, { modelId: Number(added.id), assign: '1' }));
    expect(leaves(only.tree)).toEqual([Number(editorUser.id)]);
    const others = ok<{ tree: Node[] }>(await admin.get(TREE, { modelId: Number(added.id), assign: '0' }));
    expect(leaves(others.tree)).not.toContain(Number(editorUser.id));
    expect(ok<{ checked: number[] }>(await admin.get(TREE, {})).checked).toEqual([]);
    expect((await admin.get(TREE, { assign: '1' })).status).toBe(400);
    // another tenant's model names nothing (400), and its tree holds its own users only
    expect((await acme.get(TREE, { modelId: Number(added.id) })).status).toBe(400);
    expect(leaves(ok<{ tree: Node[] }>(await acme.get(TREE, {})).tree)).not.toContain(Number(editorUser.id));
    // the organisation is required: on add, and an update cannot clear it
    const noOrg = await admin.post<Envelope & { errors?: { field: string }[] }>(`${A}/model/addModel`, {
      modelName: 'No organisation',
      modelCategory: 'test',
    });
    expect(noOrg.status).toBe(400);
    expect(noOrg.body.errors!.map((e) => e.field)).toEqual(['orgId']);
    const cleared = await admin.put(`${A}/model/updateModel`, { id: Number(added.id), orgId: null });
    expect(cleared.status).toBe(400);
    const bad = await admin.put(`${A}/model/updateModel`, { id: Number(added.id), referUserIds: [999999] });
    expect(bad.status).toBe(400);
    const [after] = ok<PageData>(await admin.get(`${A}/model/queryModel`, { id: Number(added.id) })).list;
    expect(after).toMatchObject({ referUserIds: [Number(editorUser.id)] });
  });
});

describe("the platform's delegate dialog and modeler calls", () => {
  type Group = { value: string; children: { key: string; value: string }[] };

  it("task/queryUsername answers the tenant's users who may sign in, by organisation in tree order, granted by URL", async () => {
    const res = await admin.get<Envelope<Group[]>>(`${A}/task/queryUsername`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 200, message: 'success' });
    const groups = res.body.data!;
    const users = ok<PageData>(await admin.get('/api/admin/sysuser/querySysUser', { pageSize: 1000 })).list;
    const orgs = ok<PageData>(await admin.get('/api/admin/sysorg/querySysOrg', { pageSize: 1000 })).list;
    const orgName = (id: unknown) => String(orgs.find((o) => o.id === id)!.orgName);
    const enabled = users.filter((u) => Number(u.status) === 1);
    // every enabled user once, under their organisation, as "username(nickname)"; no empty group
    expect(groups.flatMap((g) => g.children.map((c) => c.key)).sort()).toEqual(enabled.map((u) => String(u.username)).sort());
    for (const u of enabled) {
      const group = groups.find((g) => g.children.some((c) => c.key === u.username))!;
      expect(group.value).toBe(orgName(u.orgId));
      expect(group.children.find((c) => c.key === u.username)!.value).toBe(`${String(u.username)}(${String(u.nickname)})`);
    }
    expect(groups.every((g) => g.children.length > 0)).toBe(true);
    // the tree order of the organisations: each parent before its children
    const position = new Map(groups.map((g, i) => [g.value, i]));
    for (const o of orgs) {
      const parent = orgs.find((p) => p.id === o.orgParent);
      if (parent && position.has(String(o.orgName)) && position.has(String(parent.orgName)))
        expect(position.get(String(parent.orgName))!).toBeLessThan(position.get(String(o.orgName))!);
    }
    // a disabled user is not offered
    const disabled = enabled.find((u) => u.username === 'visitor')!;
    ok(await admin.put('/api/admin/sysuser/updateSysUser', { id: Number(disabled.id), status: 0 }));
    try {
      const after = ok<Group[]>(await admin.get(`${A}/task/queryUsername`));
      expect(after.flatMap((g) => g.children.map((c) => c.key))).not.toContain('visitor');
    } finally {
      ok(await admin.put('/api/admin/sysuser/updateSysUser', { id: Number(disabled.id), status: 1 }));
    }
    // another tenant's users are not among acme's, and the visitor's role has no grant of the URL
    const acmeUsers = ok<Group[]>(await acme.get(`${A}/task/queryUsername`)).flatMap((g) => g.children.map((c) => c.key));
    expect(acmeUsers).toContain('admin');
    expect(acmeUsers).not.toContain('editor');
    expect((await visitor.get(`${A}/task/queryUsername`)).status).toBe(403);
    const rows = ok<PageData>(await admin.get('/api/admin/sysurl/querySysUrl', { url: `${A}/task/queryUsername`, pageSize: 10 })).list;
    expect(rows.map((r) => r.url)).toContain(`${A}/task/queryUsername`);
  });

  it("process/persistProcess saves the modeler's XML (query string, form or JSON body), checks it as a save does, and answers success", async () => {
    const modelId = Number(
      ok<Rec>(await admin.post(`${A}/model/addModel`, { modelName: 'Persisted', modelCategory: 'test', orgId: await orgOf(admin) })).id,
    );
    const stored = async () => String(ok<PageData>(await admin.get(`${A}/model/queryModel`, { id: modelId })).list[0]!.modelXml ?? '');
    const svgXml = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    // the platform's client: a JSON body
    const saved = await admin.post<Envelope>(`${A}/process/persistProcess`, { modelId, jsonXml: SIMPLE, svgXml });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ status: 200, message: 'success' });
    expect(await stored()).toBe(SIMPLE);
    // the parameters in the query string
    const small = bpmn(
      'small',
      '<startEvent id="s"/><userTask id="t" activiti:assignee="admin"/><sequenceFlow id="f" sourceRef="s" targetRef="t"/>',
    );
    ok(await admin.post(`${A}/process/persistProcess`, undefined, { modelId, jsonXml: small, svgXml }));
    expect(await stored()).toBe(small);
    // a form body, the modelId a string
    const form = await fetch(`${server.url}${A}/process/persistProcess`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ modelId: String(modelId), jsonXml: APPROVAL, svgXml }).toString(),
    });
    expect(form.status, await form.clone().text()).toBe(200);
    expect(await stored()).toBe(APPROVAL);
    // checked as a model is: refused naming the element, nothing stored
    const bad = await admin.post<Envelope & { errors?: { field: string }[] }>(`${A}/process/persistProcess`, {
      modelId,
      jsonXml: APPROVAL.replace('${amount &gt; 1000}', '${amount &gt; }'),
      svgXml,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('large');
    expect(await stored()).toBe(APPROVAL);
    expect((await admin.post(`${A}/process/persistProcess`, { modelId, svgXml })).status).toBe(400);
    expect((await admin.post(`${A}/process/persistProcess`, { jsonXml: SIMPLE })).status).toBe(400);
    // another tenant's model is none of acme's; the Design button is needed
    expect((await acme.post(`${A}/process/persistProcess`, { modelId, jsonXml: SIMPLE, svgXml })).status).toBe(404);
    expect((await visitor.post(`${A}/process/persistProcess`, { modelId, jsonXml: SIMPLE, svgXml })).status).toBe(403);
    expect(await stored()).toBe(APPROVAL);
    ok(await editor.post(`${A}/process/persistProcess`, { modelId, jsonXml: SIMPLE, svgXml }));
    // each save has its audit row: the model's XML before and after, by whom
    const audit = ok<PageData>(
      await admin.get('/api/admin/sysauditlog/querySysAuditLog', { resourceName: 'Model', recordId: modelId, pageSize: 100 }),
    ).list.filter((r) => r.callUrl === `${A}/process/persistProcess`);
    expect(audit).toHaveLength(4);
    const last = audit.find((r) => r.username === 'editor')!;
    // a long value is kept cut short, its end marked
    const cut = (xml: string) => (xml.length > 500 ? `${xml.slice(0, 500)}…` : xml);
    expect(JSON.parse(String(last.changes))).toEqual({ modelXml: { before: cut(APPROVAL), after: cut(SIMPLE) } });
    // the saved design deploys
    const deployed = ok<Rec>(await admin.post(`${A}/model/deployModel`, undefined, { modelId }));
    expect(deployed).toMatchObject({ processKey: 'simple' });
  });
});

describe("the platform client's parameters", () => {
  it('takes a task action as the platform sends it: taskId, processInstanceId and comment in the query string, no body', async () => {
    const id = await start(admin, approvalId, { amount: 10 });
    const t = (await tasks(editor, { type: 'candidate' })).find((x) => x.processInstanceId === id)!;
    ok(await editor.post(`${A}/task/claimTask`, undefined, { taskId: Number(t.id) }));
    // another instance's id is refused, and the task stays as it was
    const wrong = await editor.post<Envelope>(`${A}/task/completeTask`, undefined, {
      taskId: Number(t.id),
      processInstanceId: id + 1000,
      comment: 'ok',
    });
    expect(wrong.status).toBe(400);
    expect((wrong.body as { errors?: { field: string }[] }).errors?.map((e) => e.field)).toEqual(['processInstanceId']);
    // no task named: refused, naming taskId
    const unnamed = await editor.post<Envelope>(`${A}/task/completeTask`, undefined, { comment: 'ok' });
    expect(unnamed.status).toBe(400);
    expect((unnamed.body as { errors?: { field: string }[] }).errors?.map((e) => e.field)).toEqual(['taskId']);
    expect(open(await instanceTasks(admin, id)).map((x) => x.id)).toEqual([t.id]);

    const passed = await editor.post<Envelope>(`${A}/task/completeTask`, undefined, {
      taskId: Number(t.id),
      processInstanceId: id,
      comment: 'ok',
    });
    expect(passed.body.message).toBe('Passed successfully');
    const next = open(await instanceTasks(admin, id))[0]!;
    expect(next.name).not.toBe(t.name);
    const delegated = await admin.post<Envelope>(`${A}/task/delegateTask`, undefined, {
      taskId: Number(next.id),
      processInstanceId: id,
      assignee: 'visitor',
      comment: 'please check',
    });
    expect(delegated.body.message).toBe('Delegated successfully');
    ok(await visitor.post(`${A}/task/resolveTask`, undefined, { taskId: Number(next.id), processInstanceId: id, comment: 'checked' }));
    const ended = await admin.post<Envelope>(`${A}/task/terminateTask`, undefined, {
      taskId: Number(next.id),
      processInstanceId: id,
      comment: 'stop',
    });
    expect(ended.body.message).toBe('Terminated successfully');
    expect(await instance(admin, id)).toMatchObject({ status: 'over', result: 'terminated' });
  });

  it("answers a deployment's XML and diagram by deploymentId, and suspends by processDefinitionId and processInstanceId", async () => {
    const deploymentId = await deploymentOf(admin, approvalId);
    const xml = ok<string>(await admin.get(`${A}/process/getProcessResource`, { deploymentId }));
    expect(xml).toContain('<userTask id="first" name="First approval"');
    const image = await admin.get<Buffer>(`${A}/process/getProcessImage`, { deploymentId });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(image.body.toString('utf8')).toContain('<svg');
    expect((await admin.get(`${A}/process/getProcessImage`, { deploymentId: 999999 })).status).toBe(404);
    expect((await admin.get(`${A}/process/getProcessResource`)).status).toBe(400);

    const id = await start(admin, approvalId, { amount: 10 });
    ok(await admin.post(`${A}/process/suspendProcessInstance`, undefined, { processInstanceId: id }));
    expect(await instance(admin, id)).toMatchObject({ suspended: true });
    ok(await admin.post(`${A}/process/activateProcessInstance`, undefined, { processInstanceId: id }));
    ok(await admin.post(`${A}/process/deleteProcessInstance`, undefined, { processInstanceId: id }));
    expect(await instance(admin, id)).toMatchObject({ status: 'over' });
    ok(await admin.post(`${A}/history/deleteHistoricProcessInstance`, undefined, { processInstanceId: id }));
    // the old name is not taken
    expect((await admin.post(`${A}/process/suspendProcessDefinition`, undefined, { id: approvalId })).status).toBe(400);
  });
  it('deletes deployments by deploymentId (a list): refused while an instance runs, else with their definitions', async () => {
    await start(admin, approvalId, { amount: 10 });
    const running = await deploymentOf(admin, approvalId);
    expect((await admin.post(`${A}/deployment/deleteDeployment`, undefined, { deploymentId: running })).status).toBe(409);
    const a = await deploymentOf(admin, await deploy(admin, SIMPLE, 'Spare one'));
    const b = await deploymentOf(admin, await deploy(admin, SIMPLE, 'Spare two'));
    expect((await admin.post(`${A}/deployment/deleteDeployment`, undefined, { deploymentId: `${a},999999` })).status).toBe(404);
    expect((await acme.post(`${A}/deployment/deleteDeployment`, undefined, { deploymentId: `${a}` })).status).toBe(404);
    const deleted = await admin.post<Envelope>(`${A}/deployment/deleteDeployment`, undefined, { deploymentId: `${a},${b}` });
    expect(deleted.body.message).toBe('Deleted successfully');
    const left = ok<PageData>(await admin.get(`${A}/process/queryProcessDefinition`, { pageSize: 10000 })).list;
    expect(left.filter((d) => [a, b].includes(Number(d.deploymentId)))).toEqual([]);
    expect(left.some((d) => d.id === approvalId)).toBe(true);
  });
});

describe('the people a model names', () => {
  const assigned = (username: string) =>
    bpmn(
      'people',
      `<startEvent id="start"/><userTask id="approve" name="Approve" activiti:assignee="${username}"/><endEvent id="end"/><sequenceFlow id="f1" sourceRef="start" targetRef="approve"/><sequenceFlow id="f2" sourceRef="approve" targetRef="end"/>`,
    );
  const offered = (attrs: string) =>
    bpmn(
      'people',
      `<startEvent id="start"/><userTask id="approve" name="Approve" ${attrs}/><endEvent id="end"/><sequenceFlow id="f1" sourceRef="start" targetRef="approve"/><sequenceFlow id="f2" sourceRef="approve" targetRef="end"/>`,
    );
  type Refused = Envelope & { errors?: { field: string; message: string }[] };

  it('refuses at save and at deploy a user outside the referable users and organisations, naming the task', async () => {
    const users = ok<PageData>(await admin.get('/api/admin/sysuser/querySysUser', { pageSize: 100 })).list;
    const editorUser = users.find((u) => u.username === 'editor')!;
    const adminUser = users.find((u) => u.username === 'admin')!;
    const base = { modelCategory: 'test', orgId: await orgOf(admin) };
    // referable: the editor only
    const refused = await admin.post<Refused>(`${A}/model/addModel`, {
      ...base,
      modelName: 'Referable only',
      referUserIds: [Number(editorUser.id)],
      modelXml: assigned('admin'),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      `The user "admin" of user task "approve" is not one of the model's referable users, nor of its referable organisations`,
    );
    expect(refused.body.errors?.[0]?.field).toBe('approve');
    ok(
      await admin.post(`${A}/model/addModel`, {
        ...base,
        modelName: 'Referable editor',
        referUserIds: [Number(editorUser.id)],
        modelXml: assigned('editor'),
      }),
    );
    // a referable organisation makes its users referable (the admin's)
    ok(
      await admin.post(`${A}/model/addModel`, {
        ...base,
        modelName: 'Referable organisation',
        referOrgIds: [Number(adminUser.orgId)],
        modelXml: offered('activiti:candidateUsers="admin"'),
      }),
    );
    // narrowed afterwards without the XML: the save keeps it, the deploy refuses it
    const model = ok<Rec>(await admin.post(`${A}/model/addModel`, { ...base, modelName: 'Narrowed', modelXml: assigned('admin') }));
    ok(await admin.put(`${A}/model/updateModel`, { id: Number(model.id), referUserIds: [Number(editorUser.id)] }));
    const deploy = await admin.post<Refused>(`${A}/model/deployModel`, undefined, { modelId: Number(model.id) });
    expect(deploy.status).toBe(400);
    expect(deploy.body.errors?.[0]?.field).toBe('approve');
    // and the modeler's save of the model checks it too
    const persisted = await admin.post<Refused>(`${A}/process/persistProcess`, { modelId: Number(model.id), jsonXml: assigned('admin') });
    expect(persisted.status).toBe(400);
    expect(persisted.body.errors?.[0]?.field).toBe('approve');
  });

  it('refuses names that name nothing, and expressions among the candidates', async () => {
    const refusal = async (xml: string) => {
      const res = await admin.post<Refused>(`${A}/model/addModel`, {
        modelName: 'People',
        modelCategory: 'test',
        orgId: await orgOf(admin),
        modelXml: xml,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors?.[0]?.field).toBe('approve');
      return res.body.message;
    };
    expect(await refusal(assigned('nobody'))).toBe('The user "nobody" of user task "approve" names no user');
    expect(await refusal(offered('activiti:candidateUsers="editor,nobody"'))).toBe(
      'The user "nobody" of user task "approve" names no user',
    );
    expect(await refusal(offered('activiti:candidateGroups="ROLE_NOBODY"'))).toBe(
      'The candidate group "ROLE_NOBODY" of user task "approve" names no role',
    );
    expect(await refusal(offered('activiti:candidateUsers="${starter}"'))).toContain(
      'The candidate users of user task "approve" hold the expression "${starter}"',
    );
    // an expression as the assignee names a user only when the instance runs
    ok(
      await admin.post(`${A}/model/addModel`, {
        modelName: 'People',
        modelCategory: 'test',
        orgId: await orgOf(admin),
        modelXml: assigned('${reviewer}'),
      }),
    );
  });

  it("takes an assignee expression's user when the task begins, and refuses a step whose assignee names no user", async () => {
    const defId = await deploy(admin, assigned('${reviewer}'), 'Reviewer');
    const before = ok<PageData>(await admin.get(`${A}/history/queryHistoricProcessInstance`, { processKey: 'people' })).pagination.total;
    const nobody = await admin.post<Refused>(`${A}/process/startProcessInstance`, {
      processDefinitionId: defId,
      variables: { reviewer: 'nobody' },
    });
    expect(nobody.status).toBe(400);
    expect(nobody.body.message).toBe('The assignee of user task "approve" (${reviewer}) is "nobody", which names no user');
    expect(nobody.body.errors?.[0]?.field).toBe('approve');
    const empty = await admin.post<Refused>(`${A}/process/startProcessInstance`, { processDefinitionId: defId, variables: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('is empty and the task has no candidates');
    // nothing of either was stored
    expect(ok<PageData>(await admin.get(`${A}/history/queryHistoricProcessInstance`, { processKey: 'people' })).pagination.total).toBe(
      before,
    );
    const id = await start(admin, defId, { reviewer: 'editor' });
    expect((await instanceTasks(admin, id)).map((t) => [t.name, t.assignee])).toEqual([['Approve', 'editor']]);
    // empty on a task offered to candidates: offered to them
    const offeredId = await deploy(admin, offered('activiti:assignee="${reviewer}" activiti:candidateGroups="ROLE_EDITOR"'), 'Offered');
    const o = await start(admin, offeredId, {});
    expect((await instanceTasks(admin, o)).map((t) => [t.status, t.assignee])).toEqual([['open', null]]);
  });
});

describe('bad models', () => {
  async function refused(xml: string): Promise<Envelope & { errors?: { field: string }[] }> {
    const res = await admin.post<Envelope & { errors?: { field: string }[] }>(`${A}/model/addModel`, {
      modelName: 'Bad',
      modelCategory: 'test',
      orgId: await orgOf(admin),
      modelXml: xml,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return res.body;
  }
  it('refuses what is not BPMN, a condition that does not parse, a group that names nothing, a script', async () => {
    expect((await refused('<definitions><oops')).message).toContain('not valid BPMN');
    const cond = await refused(APPROVAL.replace('${amount &gt; 1000}', '${amount &gt; }'));
    expect(cond.message).toContain('"large" does not parse');
    expect(cond.errors?.[0]?.field).toBe('large');
    const group = await refused(APPROVAL.replace('ROLE_EDITOR', 'ROLE_NOBODY'));
    expect(group.message).toContain('"ROLE_NOBODY" of user task "first" names no role');
    const script = await refused(
      bpmn(
        's',
        '<startEvent id="start"/><scriptTask id="run" scriptFormat="javascript"><script>process.exit(1)</script></scriptTask><sequenceFlow id="f" sourceRef="start" targetRef="run"/>',
      ),
    );
    expect(script.errors?.[0]?.field).toBe('run');
    const svc = await refused(
      bpmn(
        's',
        '<startEvent id="start"/><serviceTask id="call" activiti:class="rm -rf"/><sequenceFlow id="f" sourceRef="start" targetRef="call"/>',
      ),
    );
    expect(svc.message).toContain('"call" names no built-in handler');
  });

  it('stops a loop without a wait state at the step limit', async () => {
    const loopId = await deploy(admin, LOOP, 'Loop');
    const res = await admin.post<Envelope>(`${A}/process/startProcessInstance`, { processDefinitionId: loopId, variables: { n: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('loops without a wait state');
    // nothing of it was stored
    const list = ok<PageData>(await admin.get(`${A}/history/queryHistoricProcessInstance`, { processKey: 'looping' })).list;
    expect(list).toHaveLength(0);
    // and the server still answers
    ok(await admin.get(`${A}/process/queryProcessDefinition`));
  });
});

describe('timers', () => {
  it('an intermediate timer and a boundary timer fire on their own', async () => {
    const defId = await deploy(admin, timers('timed', 'PT0.2S', 'PT0.4S'), 'Timed');
    const id = await start(admin, defId);
    expect(await instanceTasks(admin, id)).toEqual([]);
    await expect
      .poll(async () => (await instanceTasks(admin, id)).map((t) => [t.name, t.status]), { timeout: 15_000 })
      .toEqual([
        ['Handle', 'cancelled'],
        ['Escalated', 'open'],
      ]);
    const acts = (await activities(admin, id)).map((a) => a.activityId);
    expect(acts.filter((a) => a === 'late')).toHaveLength(1);
  });
});

describe('tenant isolation', () => {
  it('another tenant sees and touches none of it', async () => {
    const id = await start(admin, approvalId, { amount: 10 });
    const t = (await tasks(editor, { type: 'candidate' })).find((x) => x.processInstanceId === id)!;
    // acme has its own (its demo model, deployed and started): none of demo's rows are among them
    for (const path of [
      'process/queryProcessDefinition',
      'process/queryProcessInstance',
      'task/queryTask',
      'task/queryPersonalTask',
      'history/queryHistoricProcessInstance',
      'history/queryHistoricTaskInstance',
      'history/queryHistoricActivityInstance',
      'history/queryHistoricDetail',
      'deployment/queryDeployment',
      'model/queryModel',
    ]) {
      const theirs = ok<PageData>(await admin.get(`${A}/${path}`, { pageSize: 10000 })).list.map((x) => x.id);
      const seen = ok<PageData>(await acme.get(`${A}/${path}`, { pageSize: 10000 })).list.map((x) => x.id);
      expect(theirs.length, path).toBeGreaterThan(0);
      expect(
        seen.filter((x) => theirs.includes(x)),
        path,
      ).toEqual([]);
    }
    expect((await acme.get(`${A}/process/getProcessResource`, { deploymentId: await deploymentOf(admin, approvalId) })).status).toBe(404);
    expect((await acme.get(`${A}/process/getHighLightedProcessDiagram`, { processInstanceId: id })).status).toBe(404);
    expect((await acme.get(`${A}/task/queryTaskComment`, { processInstanceId: id })).status).toBe(404);
    expect((await acme.post(`${A}/task/claimTask`, undefined, { taskId: Number(t.id) })).status).toBe(404);
    expect((await acme.post(`${A}/task/completeTask`, { taskId: Number(t.id), comment: 'x' })).status).toBe(404);
    expect((await acme.post(`${A}/process/suspendProcessInstance`, undefined, { processInstanceId: id })).status).toBe(404);
    expect((await acme.post(`${A}/process/suspendProcessDefinition`, undefined, { processDefinitionId: approvalId })).status).toBe(404);
    expect((await acme.post(`${A}/process/deleteProcessInstance`, undefined, { processInstanceId: id })).status).toBe(404);
    expect((await acme.post(`${A}/process/startProcessInstance`, { processDefinitionId: approvalId })).status).toBe(404);
    expect((await instanceTasks(admin, id)).map((x) => [x.status, x.assignee])).toEqual([['open', null]]);
    expect(await instance(admin, id)).toMatchObject({ status: 'running', suspended: false });
  });

  it('the workbench panel call answers the user its tasks', async () => {
    const defId = await deploy(acme, SIMPLE, 'Simple');
    await start(acme, defId);
    const res = await acme.get<Envelope<PageData>>(`${A}/task/queryPersonalTask`, { currentPage: 1, pageSize: 5 });
    expect(res.status).toBe(200);
    // newest first: the new task, then the review of acme's seeded purchase request (offered to its administrators)
    expect(res.body.data!.list.map((x) => x.name)).toEqual(['Only', 'Review']);
  });
});
