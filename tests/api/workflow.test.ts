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

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
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
      editor.post(`${A}/task/claimTask`, undefined, { id: Number(offered.id) }),
      visitor.post(`${A}/task/claimTask`, undefined, { id: Number(offered.id) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect((loser.body as Envelope).message).toBe('The task is already claimed');
    const winner = a.status === 200 ? editor : visitor;
    const winnerName = a.status === 200 ? 'editor' : 'visitor';
    expect((await instanceTasks(admin, id)).map((t) => t.assignee)).toEqual([winnerName]);

    // not the winner's task: refused
    const other = winner === editor ? visitor : editor;
    expect((await other.post(`${A}/task/completeTask`, { id: Number(offered.id), comment: 'mine?' })).status).toBe(403);

    const passed = await winner.post<Envelope>(`${A}/task/completeTask`, {
      id: Number(offered.id),
      comment: 'fine by me',
      variables: { note: 'first' },
    });
    expect(passed.body.message).toBe('Passed successfully');
    // twice: refused
    expect((await winner.post(`${A}/task/completeTask`, { id: Number(offered.id), comment: 'again' })).status).toBe(409);

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
    const back = await admin.post<Envelope>(`${A}/task/regressTask`, { id: Number(second.id), comment: 'missing papers' });
    expect(back.body.message, JSON.stringify(back.body)).toBe('Sent back successfully');
    list = await instanceTasks(admin, id);
    expect(list.find((t) => t.id === second.id)!.status).toBe('regressed');
    const again = open(list);
    expect(again.map((t) => [t.name, t.assignee])).toEqual([['First approval', null]]);
    ok(await editor.post(`${A}/task/claimTask`, undefined, { id: Number(again[0]!.id) }));
    ok(await editor.post(`${A}/task/completeTask`, { id: Number(again[0]!.id), comment: 'papers added' }));

    // passed again: over 1000, so the director (the starter) approves last
    const second2 = open(await instanceTasks(admin, id))[0]!;
    expect(second2.name).toBe('Second approval');
    ok(await admin.post(`${A}/task/completeTask`, { id: Number(second2.id), comment: 'ok' }));
    const director = open(await instanceTasks(admin, id));
    expect(director.map((t) => [t.name, t.assignee])).toEqual([['Director approval', 'admin']]);
    ok(await admin.post(`${A}/task/completeTask`, { id: Number(director[0]!.id), comment: 'approved' }));

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
    ok(await editor.post(`${A}/task/claimTask`, undefined, { id: Number(t.id) }));
    ok(await editor.post(`${A}/task/completeTask`, { id: Number(t.id), comment: 'ok' }));
    const s = open(await instanceTasks(admin, small))[0]!;
    ok(await admin.post(`${A}/task/completeTask`, { id: Number(s.id), comment: 'ok' }));
    expect(await instance(admin, small)).toMatchObject({ status: 'over', result: 'completed' });
    expect((await activities(admin, small)).map((x) => x.activityId)).not.toContain('director');

    const rejected = await start(admin, approvalId, { amount: 10 });
    const r = (await tasks(visitor)).find((x) => x.processInstanceId === rejected)!;
    ok(await visitor.post(`${A}/task/claimTask`, undefined, { id: Number(r.id) }));
    // a comment is required
    expect((await visitor.post(`${A}/task/rejectTask`, { id: Number(r.id) })).status).toBe(400);
    const res = await visitor.post<Envelope>(`${A}/task/rejectTask`, { id: Number(r.id), comment: 'no budget' });
    expect(res.body.message).toBe('Rejected successfully');
    expect(await instance(admin, rejected)).toMatchObject({ status: 'over', result: 'rejected', startUserId: 'admin' });
    expect((await instanceTasks(admin, rejected)).map((x) => x.status)).toEqual(['rejected']);
    expect((await visitor.post(`${A}/task/completeTask`, { id: Number(r.id), comment: 'late' })).status).toBe(409);
  });

  it('delegates and resolves a task', async () => {
    const id = await start(admin, approvalId, { amount: 10 });
    const t = (await tasks(editor, { type: 'candidate' })).find((x) => x.processInstanceId === id)!;
    ok(await editor.post(`${A}/task/claimTask`, undefined, { id: Number(t.id) }));
    expect(
      (await editor.post<Envelope>(`${A}/task/delegateTask`, { id: Number(t.id), username: 'visitor', comment: 'please check' })).body
        .message,
    ).toBe('Delegated successfully');
    expect((await editor.post(`${A}/task/completeTask`, { id: Number(t.id), comment: 'x' })).status).toBe(403);
    expect((await visitor.post(`${A}/task/completeTask`, { id: Number(t.id), comment: 'x' })).status).toBe(409);
    expect((await visitor.post<Envelope>(`${A}/task/resolveTask`, { id: Number(t.id), comment: 'checked' })).body.message).toBe(
      'Resolved successfully',
    );
    ok(await editor.post(`${A}/task/completeTask`, { id: Number(t.id), comment: 'done' }));
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
        admin.post(`${A}/task/completeTask`, { id: Number(left.id), comment: 'left', variables: { left: true } }),
        editor.post(`${A}/task/completeTask`, { id: Number(right.id), comment: 'right', variables: { right: true } }),
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
    ok(await editor.post(`${A}/task/claimTask`, undefined, { id: Number(t.id) }));
    const s = await admin.post<Envelope>(`${A}/process/suspendProcessInstance`, undefined, { id });
    expect(s.body.message).toBe('Suspended successfully');
    const refused = await editor.post<Envelope>(`${A}/task/completeTask`, { id: Number(t.id), comment: 'x' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('suspended');
    expect((await instanceTasks(admin, id)).map((x) => x.status)).toEqual(['open']);
    expect((await admin.post<Envelope>(`${A}/process/activateProcessInstance`, undefined, { id })).body.message).toBe(
      'Activated successfully',
    );
    ok(await editor.post(`${A}/task/completeTask`, { id: Number(t.id), comment: 'x' }));

    expect((await admin.post<Envelope>(`${A}/process/suspendProcessDefinition`, undefined, { id: approvalId })).body.message).toBe(
      'Suspended successfully',
    );
    const blocked = await admin.post<Envelope>(`${A}/process/startProcessInstance`, { processDefinitionId: approvalId });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toContain('suspended');
    expect((await admin.post<Envelope>(`${A}/process/activateProcessDefinition`, undefined, { id: approvalId })).body.message).toBe(
      'Activated successfully',
    );
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
    expect((await acme.get(`${A}/process/getProcessResource`, { id: approvalId })).status).toBe(404);
    expect((await acme.get(`${A}/process/getHighLightedProcessDiagram`, { processInstanceId: id })).status).toBe(404);
    expect((await acme.get(`${A}/task/queryTaskComment`, { processInstanceId: id })).status).toBe(404);
    expect((await acme.post(`${A}/task/claimTask`, undefined, { id: Number(t.id) })).status).toBe(404);
    expect((await acme.post(`${A}/task/completeTask`, { id: Number(t.id), comment: 'x' })).status).toBe(404);
    expect((await acme.post(`${A}/process/suspendProcessInstance`, undefined, { id })).status).toBe(404);
    expect((await acme.post(`${A}/process/suspendProcessDefinition`, undefined, { id: approvalId })).status).toBe(404);
    expect((await acme.post(`${A}/process/deleteProcessInstance`, undefined, { id })).status).toBe(404);
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
