/**
 * The scheduler in Chromium (docs/jobs.md): the administrator adds a CRON job firing every two
 * seconds with the built-in wait processor on /jobinfo; its instances appear on /taskinstance
 * and succeed. A long job run with "Run now" shows RUNNING, is stopped with its row's Stop
 * (STOPPED), and runs again with Retry (RUNNING, its second run). A DAG built on /workfloweditor
 * runs with its failing middle node skipped, seen on /dagworkflowinstance and on its details page;
 * on /workflowinstancedetails a waiting node and a stopped one are marked successful by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ActionDef, Resource } from '../../schemas/registry/types.ts';
import { client, signIn as apiSignIn, type Envelope, type PageData } from '../api/harness.ts';
import { answerTo, signIn, spaNavigate, startE2E, toast, type E2E } from './harness.ts';
import { fillForm } from './formFill.ts';
import {
  action,
  actionLabel,
  dialog,
  openedDialog,
  resourceNamed,
  rowById,
  rowWith,
  say,
  settled,
  titleOf,
  toolbarOf,
  type Api,
  type Rec,
  rowAction as clickRowAction,
} from './resourceLocators.ts';

const JOBS = '/api/job/jobinfo';
const INSTANCES = '/api/job/instance';
const jobs = resourceNamed('JobInfo');
const instances = resourceNamed('JobInstance');
/** Generous: the machine may be busy; nothing here is timed. */
const WAIT = { timeout: 60_000, interval: 500 };

let e2e: E2E;
let admin: Api;

/** A custom action of a resource (the page's button). */
const custom = (r: Resource, name: string): ActionDef => r.actions.find((a) => a.kind === 'custom' && a.name === name)!;

beforeAll(async () => {
  e2e = await startE2E();
  admin = client(e2e.url, await apiSignIn(e2e.url, 'demo', 'admin'));
});

afterAll(async () => {
  await e2e?.close();
});

async function instancesOf(jobName: string): Promise<Rec[]> {
  const res = await admin.get<Envelope<PageData<Rec>>>(`${INSTANCES}/queryJobInstance`, { jobName, pageSize: 1000 });
  expect(res.status).toBe(200);
  return res.body.data!.list;
}

/** Once the server says the instance is `status`, open /taskinstance afresh: its row shows it. */
async function untilRowShows(page: Page, id: unknown, status: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await admin.get<Envelope<PageData<Rec>>>(`${INSTANCES}/queryJobInstance`, { id: Number(id) })).body.data!.list[0]?.status,
      WAIT,
    )
    .toBe(status);
  // the same route again would keep the list it has: go through another page
  await spaNavigate(page, '/jobinfo');
  await settled(page, jobs);
  await spaNavigate(page, '/taskinstance');
  await settled(page, instances);
  await expect.poll(async () => rowById(page, instances, id).innerText(), WAIT).toContain(status);
}

/** A row action of an instance, confirmed in its dialog; the toast it ends with. */
async function rowAction(page: Page, id: unknown, name: 'stop' | 'retry'): Promise<void> {
  const a = custom(instances, name);
  await clickRowAction(rowById(page, instances, id), actionLabel(a, 'row'));
  const modal = await openedDialog(dialog(page));
  await modal.getByText(say(`resources.JobInstance.actions.${name}Confirm`, { name: String(id) })).waitFor();
  const response = await answerTo(page, `/${a.call!}`, () => modal.getByRole('button', { name: say(a.label!), exact: true }).click());
  expect(response.status(), await response.text()).toBe(200);
  await toast(page, say(`resources.JobInstance.actions.${name}Done`))
    .first()
    .waitFor();
}

describe('the scheduler in the console', () => {
  const jobName = `Every two seconds ${Date.now() % 100000}`;

  it('a CRON job added on /jobinfo fires, and its instances succeed on /taskinstance', async () => {
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await signIn(page, { username: 'admin' });
    await spaNavigate(page, '/jobinfo');
    await settled(page, jobs);
    await toolbarOf(page, jobs)
      .getByRole('button', { name: actionLabel(action(jobs, 'add')!, 'toolbar'), exact: true })
      .click();
    const modal = dialog(page);
    await modal.getByText(say('resource.addTitle', { title: titleOf(jobs) })).waitFor();
    const filled = await fillForm(
      modal,
      jobs,
      {
        jobName,
        timeExpressionType: 'CRON',
        timeExpression: '*/2 * * * * *',
        executeType: 'STANDALONE',
        processorType: 'BUILT_IN',
        processorInfo: 'wait',
        jobParams: '{"ms": 50}',
      },
      { api: admin },
    );
    const response = await answerTo(page, '/addJobInfo', () =>
      modal.getByRole('button', { name: say('common.save'), exact: true }).click(),
    );
    expect(response.status(), await response.text()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject(filled.values);
    await toast(page, say('resource.saved')).first().waitFor();
    await rowWith(page, jobs, jobName).first().waitFor();

    await expect
      .poll(async () => (await instancesOf(jobName)).filter((i) => i.status === 'SUCCEEDED').length, WAIT)
      .toBeGreaterThanOrEqual(2);
    const succeeded = (await instancesOf(jobName)).find((i) => i.status === 'SUCCEEDED')!;
    await untilRowShows(page, succeeded.id, 'SUCCEEDED');
    const row = rowById(page, instances, succeeded.id);
    expect(await row.innerText()).toContain(jobName);
    expect(await row.innerText()).toContain('Waited 50 ms');

    const job = (await admin.get<Envelope<PageData<Rec>>>(`${JOBS}/queryJobInfo`, { jobName })).body.data!.list[0]!;
    expect((await admin.put(`${JOBS}/updateJobInfo`, { id: job.id, enable: false })).status).toBe(200);
  }, 180_000);

  it('a running instance is stopped with Stop and run again with Retry', async () => {
    const long = `Long report ${Date.now() % 100000}`;
    const added = await admin.post<Envelope<Rec>>(`${JOBS}/addJobInfo`, {
      jobName: long,
      timeExpressionType: 'API',
      executeType: 'STANDALONE',
      processorType: 'BUILT_IN',
      processorInfo: 'wait',
      jobParams: '{"ms": 600000}',
    });
    expect(added.status).toBe(200);
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await signIn(page, { username: 'admin' });
    await spaNavigate(page, '/jobinfo');
    await settled(page, jobs);
    const run = custom(jobs, 'run');
    await clickRowAction(rowById(page, jobs, added.body.data!.id), actionLabel(run, 'row'));
    const modal = await openedDialog(dialog(page));
    await modal.getByText(say('resources.JobInfo.actions.runConfirm', { name: long })).waitFor();
    const fired = await answerTo(page, '/runJob', () => modal.getByRole('button', { name: say(run.label!), exact: true }).click());
    expect(fired.status(), await fired.text()).toBe(200);
    const id = ((await fired.json()) as Envelope<Rec>).data!.id;

    await untilRowShows(page, id, 'RUNNING');
    await rowAction(page, id, 'stop');
    await untilRowShows(page, id, 'STOPPED');
    expect((await instancesOf(long))[0]).toMatchObject({ id, status: 'STOPPED', result: 'Stopped by hand' });

    await rowAction(page, id, 'retry');
    await untilRowShows(page, id, 'RUNNING');
    expect((await instancesOf(long))[0]).toMatchObject({ id, status: 'RUNNING', runningTimes: 2 });
    expect((await admin.post(`${INSTANCES}/stopJobInstance`, undefined, { id: Number(id) })).status).toBe(200);
  }, 180_000);
});

describe('the workflow editor and a workflow run', () => {
  const WORKFLOWS = '/api/job/workflowinfo';
  const wfInstances = resourceNamed('WorkflowInstance');
  const M = 'resources.WorkflowInfo.editor';

  async function job(jobName: string, jobParams: string): Promise<number> {
    const res = await admin.post<Envelope<Rec>>(`${JOBS}/addJobInfo`, {
      jobName,
      timeExpressionType: 'WORKFLOW',
      executeType: 'STANDALONE',
      processorType: 'BUILT_IN',
      processorInfo: 'wait',
      jobParams,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Number(res.body.data!.id);
  }

  const D = 'resources.WorkflowInstance.details';
  const MARK = 'resources.DagTaskInstance.actions';

  /** The class of a node drawn on the details page's canvas (its state's: workflow-node-<state>). */
  async function nodeClass(canvas: Locator, nodeId: number): Promise<string> {
    return (await canvas.locator(`.react-flow__node[data-id="${nodeId}"]`).getAttribute('class')) ?? '';
  }

  /** Mark successful from the node panel, confirmed in its question. */
  async function markByHand(page: Page, panel: Locator): Promise<void> {
    await panel.getByRole('button', { name: say(`${MARK}.markSucceeded`), exact: true }).click();
    const question = page.locator('.ant-modal-confirm:visible');
    await question.waitFor();
    const marked = await answerTo(page, '/markNodeSucceeded', () =>
      question.getByRole('button', { name: say(`${MARK}.markSucceeded`), exact: true }).click(),
    );
    expect(marked.status(), await marked.text()).toBe(200);
    await toast(page, say(`${MARK}.markSucceededDone`))
      .first()
      .waitFor();
  }

  /** Join two nodes as a user does: a click on a node's lower handle, then one on the other's upper handle. */
  async function join(page: Page, from: number, to: number): Promise<void> {
    await page.locator(`.react-flow__node[data-id="${from}"] .react-flow__handle.source`).click();
    await page.locator(`.react-flow__node[data-id="${to}"] .react-flow__handle.target`).click();
  }

  it('three nodes added and joined on the canvas, a cycle refused, saved; the run succeeds with the skip recorded', async () => {
    const tag = Date.now() % 100000;
    const names = [`Extract ${tag}`, `Flaky ${tag}`, `Report ${tag}`];
    const ids = [
      await job(names[0]!, '{"ms": 10}'),
      await job(names[1]!, '{"ms": 10, "fail": "flaky"}'),
      await job(names[2]!, '{"ms": 10}'),
    ];
    const wfName = `Nightly chain ${tag}`;
    const added = await admin.post<Envelope<Rec>>(`${WORKFLOWS}/addWorkflowInfo`, {
      wfName,
      timeExpressionType: 'API',
      nodes: [],
      edges: [],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const wfId = Number(added.body.data!.id);

    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    await spaNavigate(page, `/workfloweditor?id=${wfId}`);
    const canvas = page.getByTestId('workflow-canvas');
    await canvas.waitFor();
    for (const name of names) {
      await page.getByRole('combobox', { name: say(`${M}.job`) }).click();
      await page.getByRole('combobox', { name: say(`${M}.job`) }).fill(name);
      await page.locator('.ant-select-item-option').filter({ hasText: name }).first().click();
      await page.getByRole('button', { name: say(`${M}.addNode`), exact: true }).click();
    }
    await expect.poll(async () => canvas.locator('.react-flow__node').count(), WAIT).toBe(3);
    await join(page, 1, 2);
    await expect.poll(async () => canvas.locator('.react-flow__edge').count(), WAIT).toBe(1);
    await join(page, 2, 3);
    await expect.poll(async () => canvas.locator('.react-flow__edge').count(), WAIT).toBe(2);
    // 3 → 1 would close the cycle 3 → 1 → 2 → 3: refused at once, no edge drawn
    await join(page, 3, 1);
    await page
      .getByTestId('workflow-editor-problem')
      .getByText(say(`${M}.cycle`, { path: '3 → 1 → 2 → 3' }))
      .waitFor();
    expect(await canvas.locator('.react-flow__edge').count()).toBe(2);
    // the middle node may fail
    await canvas.locator('.react-flow__node[data-id="2"]').click();
    await page
      .getByTestId('workflow-node-panel')
      .getByRole('checkbox', { name: say(`${M}.skipWhenFailed`) })
      .check();
    const saved = await answerTo(page, '/updateWorkflowInfo', () =>
      page.getByRole('button', { name: say('common.save'), exact: true }).click(),
    );
    expect(saved.status(), await saved.text()).toBe(200);
    const stored = (await admin.get<Envelope<PageData<Rec>>>(`${WORKFLOWS}/queryWorkflowInfo`, { wfName })).body.data!.list[0]!;
    expect(stored.nodes).toEqual([
      { nodeId: 1, nodeName: names[0], jobId: ids[0], enable: true, skipWhenFailed: false },
      { nodeId: 2, nodeName: names[1], jobId: ids[1], enable: true, skipWhenFailed: true },
      { nodeId: 3, nodeName: names[2], jobId: ids[2], enable: true, skipWhenFailed: false },
    ]);
    expect(stored.edges).toEqual([
      { from: 1, to: 2 },
      { from: 2, to: 3 },
    ]);

    const started = await answerTo(page, '/runWorkflow', () =>
      page.getByRole('button', { name: say('resources.WorkflowInfo.actions.run'), exact: true }).click(),
    );
    expect(started.status(), await started.text()).toBe(200);
    const wfi = ((await started.json()) as Envelope<Rec>).data!.id;
    await expect
      .poll(
        async () =>
          (await admin.get<Envelope<PageData<Rec>>>('/api/job/wfinstance/queryWorkflowInstance', { wfId, pageSize: 10 })).body.data!.list[0]
            ?.status,
        WAIT,
      )
      .toBe('SUCCEEDED');
    await spaNavigate(page, '/dagworkflowinstance');
    await settled(page, wfInstances);
    const row = rowById(page, wfInstances, wfi);
    await expect.poll(async () => row.innerText(), WAIT).toContain('SUCCEEDED');
    expect(await row.innerText()).toContain('failed and skipped: node 2');

    // its details: the DAG drawn with each node's state, the skip recorded on node 2
    await clickRowAction(row, actionLabel(custom(wfInstances, 'details'), 'row'));
    await page.waitForURL(new RegExp(`/workflowinstancedetails\\?id=${String(wfi)}$`));
    const details = page.getByTestId('workflow-details');
    await details.getByTestId('workflow-details-status').getByText('SUCCEEDED').waitFor();
    expect(await details.getByTestId('workflow-details-result').innerText()).toBe('Succeeded; failed and skipped: node 2');
    const drawn = details.getByTestId('workflow-details-canvas');
    await expect.poll(async () => drawn.locator('.react-flow__node').count(), WAIT).toBe(3);
    expect(await drawn.locator('.react-flow__edge').count()).toBe(2);
    expect(await nodeClass(drawn, 1)).toContain('workflow-node-succeeded');
    expect(await nodeClass(drawn, 2)).toContain('workflow-node-skipped');
    expect(await nodeClass(drawn, 3)).toContain('workflow-node-succeeded');
    await drawn.locator('.react-flow__node[data-id="2"]').click();
    const panel = details.getByTestId('workflow-details-node');
    await panel.getByText(say(`${D}.skipped`) + ' · FAILED').waitFor();
    expect(await panel.getByTestId('workflow-details-node-result').innerText()).toBe('flaky');
    expect(await panel.getByTestId('workflow-details-job-result').innerText()).toBe('flaky');
    // a node that ended is not marked by hand
    expect(await panel.getByRole('button', { name: say(`${MARK}.markSucceeded`) }).count()).toBe(0);
  }, 180_000);

  it('on /workflowinstancedetails a waiting node and then a stopped one are marked successful by hand, and the run succeeds', async () => {
    const tag = Date.now() % 100000;
    const long = await job(`Long extract ${tag}`, '{"ms": 600000}');
    const tail = await job(`Load ${tag}`, '{"ms": 10}');
    const added = await admin.post<Envelope<Rec>>(`${WORKFLOWS}/addWorkflowInfo`, {
      wfName: `By hand ${tag}`,
      timeExpressionType: 'API',
      nodes: [
        { nodeId: 1, nodeName: `Long extract ${tag}`, jobId: long },
        { nodeId: 2, nodeName: `Load ${tag}`, jobId: tail },
      ],
      edges: [{ from: 1, to: 2 }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const started = await admin.post<Envelope<Rec>>(`${WORKFLOWS}/runWorkflow`, { id: added.body.data!.id });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const wfi = started.body.data!.id;

    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await signIn(page, { username: 'admin' });
    await spaNavigate(page, '/dagworkflowinstance');
    await settled(page, wfInstances);
    await clickRowAction(rowById(page, wfInstances, wfi), actionLabel(custom(wfInstances, 'details'), 'row'));
    const details = page.getByTestId('workflow-details');
    const drawn = details.getByTestId('workflow-details-canvas');
    await expect.poll(async () => nodeClass(drawn, 1), WAIT).toContain('workflow-node-running');
    expect(await nodeClass(drawn, 2)).toContain('workflow-node-waiting');

    // node 2 waits: it has no job instance yet, and is marked successful by hand
    const panel = details.getByTestId('workflow-details-node');
    await drawn.locator('.react-flow__node[data-id="2"]').click();
    await panel.getByText(say(`${D}.notGenerated`)).waitFor();
    await markByHand(page, panel);
    await expect.poll(async () => nodeClass(drawn, 2), WAIT).toContain('workflow-node-succeeded');
    expect(await panel.getByTestId('workflow-details-node-result').innerText()).toBe('Marked successful by hand');
    expect(await details.getByTestId('workflow-details-status').innerText()).toBe('RUNNING');

    // node 1 is stopped: the run fails; marked successful by hand, it runs on and succeeds
    const nodes = (await admin.get<Envelope<PageData<Rec>>>('/api/job/dagtaskinstance/queryDagTaskInstance', { wfInstanceId: Number(wfi) }))
      .body.data!.list;
    const first = nodes.find((n) => n.nodeId === 1)!;
    expect((await admin.post(`${INSTANCES}/stopJobInstance`, undefined, { id: Number(first.instanceId) })).status).toBe(200);
    await details.getByTestId('workflow-details-status').getByText('FAILED').waitFor(WAIT);
    expect(await nodeClass(drawn, 1)).toContain('workflow-node-failed');
    await drawn.locator('.react-flow__node[data-id="1"]').click();
    expect(await panel.getByTestId('workflow-details-job-result').innerText()).toBe('Stopped by hand');
    await markByHand(page, panel);
    await details.getByTestId('workflow-details-status').getByText('SUCCEEDED').waitFor(WAIT);
    expect(await nodeClass(drawn, 1)).toContain('workflow-node-succeeded');
    expect(await details.getByTestId('workflow-details-result').innerText()).toBe('Succeeded');
  }, 180_000);
});
