/**
 * The workflow screens end to end (docs/workflow.md, Screens), as the users would, on the demo
 * tenant's seeded "Leave request" model (an editor approves, then the requester confirms; the
 * start form asks for the days and the reason): the administrator starts a request with its
 * form on /startprocess (a wrong form is refused field by field first); the editor claims it on
 * /candidatetask and passes it on /assigneetask with a comment (none refused); the
 * administrator, the second approver, sends it back, the editor passes it again and the
 * administrator passes it; the editor rejects another request, and delegates a third to the
 * administrator, chosen by organisation in the dialog, who resolves it. The starter sees both on
 * /myprocess with the highlighted diagram and the comments, on its record route too; the
 * history pages show the steps, variables and comments; a definition and an instance are
 * suspended and activated with their messages; the editor's workbench lists the pending task.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { client, signIn as apiSignIn, type Envelope, type PageData } from '../api/harness.ts';
import { answerTo, signIn, spaNavigate, startE2E, toast, type E2E } from './harness.ts';
import {
  dialog,
  drawer,
  labelOf,
  resourceNamed,
  rowById,
  rowWith,
  say,
  searchOf,
  table,
  type Api,
  type Rec,
  rowAction as clickRowAction,
  rowActionNames,
  openedDialog,
  toolbarOf,
} from './resourceLocators.ts';
import { A, SIMPLE, deploy, deploymentOf, ok } from '../api/workflowFixtures.ts';
import { WAIT, comment, label, openList as open, openTask as openTaskOf, runRowAction as rowAction } from './workflowSteps.ts';

const startProcess = resourceNamed('StartProcess');
const candidate = resourceNamed('CandidateTask');
const assignee = resourceNamed('AssigneeTask');
const myProcess = resourceNamed('MyProcess');
const definitions = resourceNamed('ProcessDefinition');
const instances = resourceNamed('ProcessInstance');
const history = resourceNamed('HistoricProcessInstance');
const historicTasks = resourceNamed('HistoricTaskInstance');
const activities = resourceNamed('HistoricActivityInstance');
const variables = resourceNamed('HistoricVariableInstance');
const deployments = resourceNamed('Deployment');

const RUN = String(Date.now() % 100000);

let e2e: E2E;
let admin: Api;
let editor: Api;
let adminPage: Page;
let editorPage: Page;
let passedId: number;
let rejectedId: number;

/** The one open task of an instance, read as the administrator. */
const openTask = (processInstanceId: number) => openTaskOf(admin, processInstanceId);

beforeAll(async () => {
  e2e = await startE2E();
  admin = client(e2e.url, await apiSignIn(e2e.url, 'demo', 'admin'));
  editor = client(e2e.url, await apiSignIn(e2e.url, 'demo', 'editor'));
  adminPage = await e2e.newPage();
  await signIn(adminPage, { username: 'admin' });
  editorPage = await e2e.newPage();
  await signIn(editorPage, { username: 'editor' });
});

afterAll(async () => {
  await e2e?.close();
});

describe('a leave request', () => {
  it('is started on /startprocess with its form; a form that does not fit is refused field by field', async () => {
    await open(adminPage, '/startprocess', startProcess);
    const row = rowWith(adminPage, startProcess, 'Leave request');
    await clickRowAction(row, label(startProcess, 'start'));
    const modal = dialog(adminPage);
    const form = modal.getByTestId('run-action-form');
    await form.waitFor(WAIT);
    // nothing filled in: the form's own check names both fields, and nothing is sent
    await modal.getByRole('button', { name: label(startProcess, 'start'), exact: true }).click();
    await expect.poll(() => form.locator('.ant-form-item-explain-error').count(), WAIT).toBeGreaterThanOrEqual(2);
    await form.locator('#root_days').fill('3');
    await form.locator('#root_reason').fill(`Family trip ${RUN}`);
    await modal.getByLabel(say('resources.ProcessInstance.fields.businessKey')).fill(`LEAVE-${RUN}`);
    const response = await answerTo(adminPage, '/startProcessInstance', () =>
      modal.getByRole('button', { name: label(startProcess, 'start'), exact: true }).click(),
    );
    expect(response.status(), await response.text()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({
      variables: { days: 3, reason: `Family trip ${RUN}` },
      businessKey: `LEAVE-${RUN}`,
    });
    passedId = Number(((await response.json()) as Envelope<Rec>).data!.id);
    await toast(adminPage, say('resources.Task.messages.started')).first().waitFor(WAIT);
  });

  it('the server refuses a start whose variables do not fit the form, naming the fields', async () => {
    const defs = ok<PageData>(await admin.get(`${A}/process/queryProcessDefinition`, { processKey: 'leave' })).list;
    const res = await admin.post<Envelope & { errors?: { field: string }[] }>(`${A}/process/startProcessInstance`, {
      processDefinitionId: Number(defs[0]!.id),
      variables: { days: 99 },
    });
    expect(res.status).toBe(400);
    expect((res.body.errors ?? []).map((e) => e.field).sort()).toEqual(['days', 'reason']);
  });

  it('is on the editor workbench, claimed on /candidatetask and passed on /assigneetask with a required comment', async () => {
    const task = await openTask(passedId);
    await spaNavigate(editorPage, '/');
    await editorPage.locator('.workbench-card').first().getByText('Approve').first().waitFor(WAIT);

    await open(editorPage, '/candidatetask', candidate);
    await rowAction(editorPage, candidate, task.id, 'claim', 'claimTask', 'claimed');
    await expect.poll(async () => (await openTask(passedId)).assignee, WAIT).toBe('editor');

    await open(editorPage, '/assigneetask', assignee);
    await clickRowAction(rowById(editorPage, assignee, task.id), label(assignee, 'pass'));
    const modal = dialog(editorPage);
    await modal.getByTestId('run-action').waitFor(WAIT);
    // no comment: refused in the dialog, no call
    await modal.getByRole('button', { name: label(assignee, 'pass'), exact: true }).click();
    await modal.getByText(say('resourceActions.run.required', { label: say('resources.Task.fields.comment') })).waitFor(WAIT);
    await modal.getByRole('button', { name: say('common.cancel'), exact: true }).click();
    const passed = await rowAction(editorPage, assignee, task.id, 'pass', 'completeTask', 'passed', comment(`Enjoy ${RUN}`));
    // sent as the platform's client sends it: the task, its instance and the comment in the query string
    const sent = Object.fromEntries(new URL(passed.request().url()).searchParams);
    expect(sent).toEqual({ taskId: String(task.id), processInstanceId: String(passedId), comment: `Enjoy ${RUN}` });
  });

  it('is sent back by the second approver, passed again, then passed by the second approver', async () => {
    const confirm = await openTask(passedId);
    expect(confirm).toMatchObject({ name: 'Confirm', assignee: 'admin' });
    await open(adminPage, '/assigneetask', assignee);
    await rowAction(adminPage, assignee, confirm.id, 'regress', 'regressTask', 'regressed', comment(`Fewer days please ${RUN}`));

    const again = await openTask(passedId);
    expect(again.name).toBe('Approve');
    if (!again.assignee) {
      await open(editorPage, '/candidatetask', candidate);
      await rowAction(editorPage, candidate, again.id, 'claim', 'claimTask', 'claimed');
    }
    await open(editorPage, '/assigneetask', assignee);
    await rowAction(editorPage, assignee, again.id, 'pass', 'completeTask', 'passed', comment(`Approved again ${RUN}`));

    const last = await openTask(passedId);
    await open(adminPage, '/assigneetask', assignee);
    await rowAction(adminPage, assignee, last.id, 'pass', 'completeTask', 'passed', comment(`Confirmed ${RUN}`));
    const over = ok<PageData>(await admin.get(`${A}/history/queryHistoricProcessInstance`, { processInstanceId: passedId })).list[0]!;
    expect(over).toMatchObject({ status: 'over' });
  });

  it('another request is rejected by the editor', async () => {
    const defs = ok<PageData>(await admin.get(`${A}/process/queryProcessDefinition`, { processKey: 'leave' })).list;
    const started = ok<Rec>(
      await admin.post(`${A}/process/startProcessInstance`, {
        processDefinitionId: Number(defs[0]!.id),
        businessKey: `REJECT-${RUN}`,
        variables: { days: 20, reason: `Long holiday ${RUN}` },
      }),
    );
    rejectedId = Number(started.id);
    const task = await openTask(rejectedId);
    ok(await editor.post(`${A}/task/claimTask`, undefined, { taskId: Number(task.id) }));
    await open(editorPage, '/assigneetask', assignee);
    await rowAction(editorPage, assignee, task.id, 'reject', 'rejectTask', 'rejected', comment(`Too long ${RUN}`));
    const rejected = ok<PageData>(await admin.get(`${A}/history/queryHistoricProcessInstance`, { processInstanceId: rejectedId })).list[0]!;
    expect(rejected).toMatchObject({ status: 'over', result: 'rejected' });
  });

  it('another is delegated by the editor to a user chosen by organisation, who resolves it', async () => {
    const defs = ok<PageData>(await admin.get(`${A}/process/queryProcessDefinition`, { processKey: 'leave' })).list;
    const started = ok<Rec>(
      await admin.post(`${A}/process/startProcessInstance`, {
        processDefinitionId: Number(defs[0]!.id),
        businessKey: `DELEGATE-${RUN}`,
        variables: { days: 2, reason: `Short trip ${RUN}` },
      }),
    );
    const instanceId = Number(started.id);
    const task = await openTask(instanceId);
    ok(await editor.post(`${A}/task/claimTask`, undefined, { taskId: Number(task.id) }));
    // the administrator's organisation, as the delegate dialog groups the users
    const me = ok<PageData>(await admin.get('/api/admin/sysuser/querySysUser', { username: 'admin', pageSize: 10 })).list.find(
      (u) => u.username === 'admin',
    )!;
    const orgs = ok<PageData>(await admin.get('/api/admin/sysorg/querySysOrg', { pageSize: 1000 })).list;
    const orgName = String(orgs.find((o) => o.id === me.orgId)!.orgName);

    await open(editorPage, '/assigneetask', assignee);
    await rowAction(editorPage, assignee, task.id, 'delegate', 'delegateTask', 'delegated', async (modal) => {
      // the users of task/queryUsername, read as the dialog opens
      await modal.getByLabel(say('resources.Task.fields.delegateTo')).click();
      const dropdown = editorPage.locator('.ant-select-dropdown:visible');
      await dropdown.locator('.ant-select-item-group', { hasText: orgName }).first().waitFor(WAIT);
      await dropdown.locator('.ant-select-item-option', { hasText: `admin(${String(me.nickname)})` }).click();
      await comment(`Over to you ${RUN}`)(modal);
    });
    await expect.poll(async () => (await openTask(instanceId)).assignee, WAIT).toBe('admin');

    await open(adminPage, '/assigneetask', assignee);
    await rowAction(adminPage, assignee, task.id, 'resolve', 'resolveTask', 'resolved', comment(`Looks fine ${RUN}`));
    await expect.poll(async () => (await openTask(instanceId)).assignee, WAIT).toBe('editor');
  });
});

describe('the starter and the history', () => {
  it('/myprocess lists both, each with its highlighted diagram and its comments', async () => {
    await open(adminPage, '/myprocess', myProcess);
    for (const [id, comments] of [
      [passedId, [`Enjoy ${RUN}`, `Fewer days please ${RUN}`, `Approved again ${RUN}`, `Confirmed ${RUN}`]],
      [rejectedId, [`Too long ${RUN}`]],
    ] as const) {
      const row = rowById(adminPage, myProcess, id);
      await row.waitFor(WAIT);
      await clickRowAction(row, say('resource.actions.view'));
      const view = drawer(adminPage);
      const svg = view.getByTestId('detail-svg').locator('svg');
      await svg.waitFor(WAIT);
      await expect.poll(() => svg.locator('.activity.finished').count(), WAIT).toBeGreaterThan(1);
      for (const text of comments) await view.getByText(text).first().waitFor(WAIT);
      await view.getByRole('button', { name: say('common.close') }).click();
      await view.waitFor({ state: 'hidden', ...WAIT });
    }
    expect(await rowById(adminPage, myProcess, rejectedId).innerText()).toContain('rejected');
  });

  it('/myprocessdetails shows the one request with its diagram', async () => {
    await spaNavigate(adminPage, `/myprocessdetails?processInstanceId=${passedId}`);
    const view = adminPage.getByTestId('record-view');
    await view.getByText(`LEAVE-${RUN}`).waitFor(WAIT);
    await view.getByTestId('detail-svg').locator('svg .activity').first().waitFor(WAIT);
  });

  it('the history pages show the steps, the variables and the comments', async () => {
    await open(adminPage, '/historicprocessinstance', history);
    await clickRowAction(rowById(adminPage, history, passedId), say('resource.actions.view'));
    await drawer(adminPage).getByText(`Fewer days please ${RUN}`).first().waitFor(WAIT);
    await drawer(adminPage)
      .getByRole('button', { name: say('common.close') })
      .click();

    await open(adminPage, '/historictaskinstance', historicTasks);
    const steps = ok<PageData>(
      await admin.get(`${A}/history/queryHistoricTaskInstance`, { processInstanceId: passedId, pageSize: 100 }),
    ).list;
    expect(steps.map((t) => t.status).sort()).toEqual(['completed', 'completed', 'completed', 'regressed']);
    for (const t of steps) await rowById(adminPage, historicTasks, t.id).waitFor(WAIT);

    for (const [path, r, text] of [
      ['/historicactivityinstance', activities, 'Confirm'],
      ['/historicvariableinstance', variables, `Family trip ${RUN}`],
    ] as const) {
      await open(adminPage, path, r);
      const search = searchOf(adminPage, r);
      await search.getByLabel(labelOf(r, 'processInstanceId'), { exact: true }).fill(String(passedId));
      await answerTo(adminPage, `/${r.list.source!.call}`, () =>
        search.getByRole('button', { name: say('resource.actions.query'), exact: true }).click(),
      );
      await table(adminPage, r).getByText(text).first().waitFor(WAIT);
    }
  });
});

describe('suspension', () => {
  it('suspends and activates a definition and an instance with their messages', async () => {
    const defs = ok<PageData>(await admin.get(`${A}/process/queryProcessDefinition`, { processKey: 'leave' })).list;
    const defId = defs[0]!.id;
    await open(adminPage, '/processdefinition', definitions);
    await rowAction(adminPage, definitions, defId, 'suspend', 'suspendProcessDefinition', 'suspended');
    await rowAction(adminPage, definitions, defId, 'activate', 'activateProcessDefinition', 'activated');

    const running = ok<PageData>(await admin.get(`${A}/process/queryProcessInstance`, { pageSize: 100 })).list;
    const target = running[0]!.id;
    await open(adminPage, '/processinstance', instances);
    await rowAction(adminPage, instances, target, 'suspend', 'suspendProcessInstance', 'suspended');
    await expect.poll(() => rowActionNames(rowById(adminPage, instances, target)), WAIT).toContain(label(instances, 'activate'));
    await rowAction(adminPage, instances, target, 'activate', 'activateProcessInstance', 'activated');
  });
});

describe('deployments', () => {
  it("shows a deployment's diagram, and deletes the checked deployments with their process definitions", async () => {
    const first = await deploymentOf(admin, await deploy(admin, SIMPLE, `Unused ${RUN}`));
    const second = await deploymentOf(admin, await deploy(admin, SIMPLE, `Unused again ${RUN}`));

    await open(adminPage, '/deployment', deployments);
    await clickRowAction(rowById(adminPage, deployments, first), say('resource.actions.view'));
    await drawer(adminPage).locator('svg .activity').first().waitFor(WAIT);
    await drawer(adminPage)
      .getByRole('button', { name: say('common.close') })
      .click();

    for (const id of [first, second]) await rowById(adminPage, deployments, id).getByRole('checkbox').check();
    await toolbarOf(adminPage, deployments)
      .getByRole('button', { name: say('resources.Deployment.actions.delete'), exact: true })
      .click();
    const modal = await openedDialog(dialog(adminPage));
    // the question names the checked deployments (in the list's order)
    const question = modal.getByTestId('run-action').locator('.ant-typography').first();
    await question.waitFor(WAIT);
    const asked = (name: string) => say('resources.Deployment.messages.deleteConfirm', { name });
    expect([asked(`${first}, ${second}`), asked(`${second}, ${first}`)]).toContain((await question.innerText()).trim());
    const response = await answerTo(adminPage, '/deleteDeployment', () =>
      modal.getByRole('button', { name: say('resources.Deployment.actions.delete'), exact: true }).click(),
    );
    expect(new URL(response.request().url()).searchParams.get('deploymentId')?.split(',').map(Number).sort()).toEqual(
      [first, second].sort(),
    );
    await toast(adminPage, say('resources.Deployment.messages.deleted')).first().waitFor(WAIT);
    await expect.poll(() => rowById(adminPage, deployments, first).count(), WAIT).toBe(0);
    const left = ok<PageData>(await admin.get(`${A}/process/queryProcessDefinition`, { pageSize: 10000 })).list;
    expect(left.filter((d) => [first, second].includes(Number(d.deploymentId)))).toEqual([]);
  });
});
