/**
 * The BPMN modeler (/processdesign) as an administrator uses it: a new model opened in the
 * modeler, drawn with the context pad, the palette and the replace menu (start -> user task ->
 * exclusive gateway -> two user tasks -> end, a timer on one task's border, and after one of
 * the two a parallel branch of two user tasks split and joined), then filled in in
 * the properties panel (ids and names, the assignee picked from the users, a role as candidate
 * group, the gateway's conditions, the timer's duration, the start event's JSON Schema form;
 * a duration and a schema that do not parse are refused and change nothing), saved and
 * deployed: the definition is then among the process definitions with the XML drawn. A
 * condition that does not parse is refused at save with its sequence flow named, selected and
 * marked, and the stored model unchanged; leaving with the unsaved change asks first. The demo
 * model, saved without a diagram, opens laid out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { answerTo, signIn, startE2E, textsOf, toast, type E2E } from './harness.ts';
import { client, signIn as apiSignIn, type Envelope } from '../api/harness.ts';
import { A, activities, instance, ok, type Rec } from '../api/workflowFixtures.ts';
import { dialog, resourceNamed, rowAction as clickRowAction, rowById, rowWith } from './resourceLocators.ts';
import { comment, label, openList, openTask, openTasks, runRowAction } from './workflowSteps.ts';

const say = textsOf('runtime/pages/processDesign/messages/en.json');
const WAIT = { timeout: 15_000 };

let e2e: E2E;
let page: Page;
let token: string;
let modelId: number;
const errors: string[] = [];

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(e2e.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as T;
}

beforeAll(async () => {
  e2e = await startE2E();
  token = await apiSignIn(e2e.url, 'demo', 'admin');
  const orgs = await api<{ data: { list: { id: number }[] } }>('GET', '/api/admin/sysorg/querySysOrg?pageSize=1');
  const added = await api<{ data: { id: number } }>('POST', '/api/activiti/model/addModel', {
    modelName: 'Purchase approval',
    modelCategory: 'office',
    orgId: orgs.data.list[0]!.id,
  });
  modelId = added.data.id;
  page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
  page.on('pageerror', (e) => errors.push(`${e.message}\n${e.stack ?? ''}`));
  // bpmn-js's styles and icon font under the console's Content-Security-Policy
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  await signIn(page, { username: 'admin' });
});
afterAll(async () => {
  await e2e?.close();
});

const unsavedTag = () => page.getByText(say('processDesign.unsaved'), { exact: true });
const panel = () => page.getByTestId('process-properties');
/** The id of the element the properties panel shows (the one selected). */
const selectedId = () => panel().getAttribute('data-element');
const shape = (id: string) => page.locator(`.djs-element[data-element-id="${id}"]`);
const padEntry = (action: string) => page.locator(`.djs-context-pad [data-action="${action}"]`);

async function select(id: string): Promise<void> {
  // a click on the selected element deselects it (diagram-js)
  if ((await selectedId()) === id) return;
  await shape(id).click();
  await expect.poll(selectedId, WAIT).toBe(id);
}

/** Appends an element to the selected one with its context pad; answers the new element's id. */
async function append(action: string): Promise<string> {
  const before = await selectedId();
  await padEntry(action).click();
  await expect.poll(selectedId, WAIT).not.toBe(before);
  // the new element's label is being edited: leave it
  await page.keyboard.press('Escape');
  return (await selectedId())!;
}

/** Replaces the selected task by a user task (context pad, replace menu); answers its id. */
async function makeUserTask(): Promise<string> {
  await padEntry('replace').click();
  await page.locator('.djs-popup [data-id="replace-with-user-task"]').click();
  await expect.poll(() => panel().innerText(), WAIT).toContain('UserTask');
  return (await selectedId())!;
}

/** Appends a user task to the selected element (context pad, replace menu) and names it. */
async function appendUserTask(id: string, name: string): Promise<void> {
  await append('append.append-task');
  await makeUserTask();
  await rename(id, name);
}

/** Drags with the mouse in small steps, as diagram-js's dragging needs. */
async function drag(from: Locator, to: Locator): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
}

/** Drags with the mouse from an element to a point of the page. */
async function dragTo(from: Locator, x: number, y: number): Promise<void> {
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, y, { steps: 15 });
  await page.mouse.up();
}

async function fill(label: string, text: string): Promise<void> {
  const input = panel().getByLabel(label, { exact: true });
  await input.fill(text);
  await input.press('Enter');
  await input.blur();
}

/** Makes the selected element's assignee the administrator, picked from the users of the organisations. */
async function assignAdmin(): Promise<void> {
  const assignee = panel().getByLabel(say('processDesign.assignee'), { exact: true });
  await assignee.fill('adm');
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await dropdown.locator('.ant-select-item-option[title="admin"], .ant-select-item-option:has-text("admin")').first().click();
  await expect.poll(() => assignee.inputValue(), WAIT).toBe('admin');
}

/** Replaces the selected gateway by a parallel one (context pad, replace menu). */
async function makeParallel(): Promise<void> {
  await padEntry('replace').click();
  await page.locator('.djs-popup [data-id="replace-with-parallel-gateway"]').click();
  await expect.poll(() => panel().innerText(), WAIT).toContain('ParallelGateway');
}

/** Connects the selected element to another with the context pad. */
async function connectTo(id: string): Promise<void> {
  await drag(padEntry('connect'), shape(id));
  await expect.poll(() => panel().innerText(), WAIT).toContain('SequenceFlow');
  // diagram-js ignores clicks for 400 ms after a drag ends (its trap for the drag's ghost click)
  await page.waitForTimeout(450);
}

/** Renames the selected element (id and name) in the panel. */
async function rename(id: string, name: string): Promise<void> {
  await fill(say('processDesign.id'), id);
  await expect.poll(selectedId, WAIT).toBe(id);
  await fill(say('processDesign.name'), name);
}

describe('process modeler', () => {
  it('draws, fills in, saves and deploys a process with an exclusive gateway and a parallel branch', async () => {
    await page.goto(`/processdesign?id=${modelId}`);
    await page.getByTestId('process-design').waitFor(WAIT);
    await shape('StartEvent_1').waitFor(WAIT);
    await expect.poll(() => panel().innerText(), WAIT).toContain(say('processDesign.process'));

    await select('StartEvent_1');
    await appendUserTask('approve', 'Approve');
    await assignAdmin();

    await append('append.gateway');
    await rename('amountGate', 'Amount?');
    await appendUserTask('large', 'Large purchase');
    await append('append.end-event');
    await rename('done', 'Done');
    await select('amountGate');
    await appendUserTask('small', 'Small purchase');
    // after a small purchase the order is archived and the supplier told at once: a parallel
    // branch, split and joined again before the end
    await append('append.gateway');
    await makeParallel();
    await rename('split', 'Split');
    await appendUserTask('archive', 'Archive');
    await assignAdmin();
    await append('append.gateway');
    await makeParallel();
    await rename('join', 'Join');
    await connectTo('done');
    await select('split');
    await appendUserTask('notify', 'Notify supplier');
    await assignAdmin();
    await connectTo('join');
    // a small purchase is offered to the editors
    await select('small');
    const groups = panel().getByLabel(say('processDesign.candidateGroups'), { exact: true });
    await groups.click();
    await groups.fill('Edit');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Editor' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => panel().locator('.ant-select-selection-item').allInnerTexts(), WAIT).toContain('Editor');

    // a reminder on the large purchase: an event dropped on the task's border, made a timer
    const large = (await shape('large').boundingBox())!;
    await dragTo(page.locator('.djs-palette [data-action="create.intermediate-event"]'), large.x + large.width / 2, large.y + large.height);
    await expect.poll(() => panel().innerText(), WAIT).toContain('BoundaryEvent');
    await padEntry('replace').click();
    await page.locator('.djs-popup [data-id="replace-with-timer-boundary"]').click();
    const timer = panel().getByLabel(say('processDesign.timer'), { exact: true });
    await timer.waitFor(WAIT);
    await rename('remind', 'Reminder');
    // a duration that does not parse is refused and changes nothing
    await fill(say('processDesign.timer'), 'ten minutes');
    await panel().getByText(say('processDesign.timerInvalid')).waitFor(WAIT);
    await fill(say('processDesign.timer'), 'PT10M');
    await expect.poll(() => panel().getByText(say('processDesign.timerInvalid')).count(), WAIT).toBe(0);
    await connectTo('done');

    // the start event's form: a JSON Schema in the model
    await select('StartEvent_1');
    await panel()
      .getByRole('radio', { name: say('processDesign.formInline') })
      .check();
    const schema = panel().getByLabel(say('processDesign.formSchema'), { exact: true });
    await schema.fill('{"type": "object"');
    await schema.blur();
    await panel().getByText(say('processDesign.formSchemaJson')).waitFor(WAIT);
    await schema.fill('{"type": "object", "properties": {"amount": {"type": "number"}}, "required": ["amount"]}');
    await schema.blur();
    await expect.poll(() => panel().getByText(say('processDesign.formSchemaJson')).count(), WAIT).toBe(0);

    await select('amountGate');
    await fill(say('processDesign.conditionTo', { target: 'Large purchase' }), '${amount > 1000}');
    await fill(say('processDesign.conditionTo', { target: 'Small purchase' }), '${amount <= 1000}');
    await expect.poll(() => unsavedTag().count(), WAIT).toBe(1);

    const saved = await answerTo(page, '/persistProcess', () => page.getByRole('button', { name: say('processDesign.save') }).click());
    expect(saved.status()).toBe(200);
    await toast(page, 'Saved successfully, please deploy').waitFor(WAIT);
    await expect.poll(() => unsavedTag().count(), WAIT).toBe(0);

    const deployed = await answerTo(page, '/deployModel', () => page.getByRole('button', { name: say('processDesign.deploy') }).click());
    expect(deployed.status()).toBe(200);
    await toast(page, /Deployed successfully/).waitFor(WAIT);

    const defs = await api<{ data: { list: { id: number; deploymentId: number; processKey: string; version: number }[] } }>(
      'GET',
      `/api/activiti/process/queryProcessDefinition?processKey=Process_${modelId}`,
    );
    const def = defs.data.list.find((d) => d.processKey === `Process_${modelId}`);
    expect(def?.version).toBe(1);
    const xml = await api<{ data: string }>('GET', `/api/activiti/process/getProcessResource?deploymentId=${def!.deploymentId}`);
    expect(xml.data).toMatch(/<bpmn:userTask id="approve" name="Approve" activiti:assignee="admin"/);
    expect(xml.data).toContain('<bpmn:exclusiveGateway id="amountGate"');
    expect(xml.data).toMatch(/targetRef="large">\s*<bpmn:conditionExpression[^>]*>\$\{amount &gt; 1000\}<\/bpmn:conditionExpression>/);
    expect(xml.data).toMatch(/targetRef="small">\s*<bpmn:conditionExpression[^>]*>\$\{amount &lt;= 1000\}<\/bpmn:conditionExpression>/);
    expect(xml.data).toMatch(/<bpmn:userTask id="small" name="Small purchase" activiti:candidateGroups="ROLE_EDITOR"/);
    expect(xml.data).toMatch(
      /<bpmn:boundaryEvent id="remind" name="Reminder" attachedToRef="large">[\s\S]*?<bpmn:timeDuration[^>]*>PT10M<\/bpmn:timeDuration>/,
    );
    expect(xml.data).toMatch(/<bpmn:startEvent id="StartEvent_1" activiti:formSchema="\{&#34;type&#34;: &#34;object&#34;/);
    expect(xml.data).toContain('<bpmn:parallelGateway id="split" name="Split"');
    expect(xml.data).toContain('<bpmn:parallelGateway id="join" name="Join"');
    expect((xml.data.match(/<bpmn:sequenceFlow /g) ?? []).length).toBe(12);
  });

  it('refuses a condition that does not parse, naming its flow, and stores nothing', async () => {
    await select('amountGate');
    await fill(say('processDesign.conditionTo', { target: 'Large purchase' }), '${amount >}');
    const refused = await answerTo(page, '/persistProcess', () => page.getByRole('button', { name: say('processDesign.save') }).click());
    expect(refused.status()).toBe(400);
    const alert = page.getByTestId('process-refusal');
    await alert.waitFor(WAIT);
    const flowId = (await alert.getAttribute('data-element'))!;
    expect(flowId).toMatch(/^Flow_/);
    expect(await alert.innerText()).toContain(`The condition of sequence flow "${flowId}" does not parse`);
    // the flow is selected and marked on the diagram
    await expect.poll(selectedId, WAIT).toBe(flowId);
    await expect.poll(() => shape(flowId).getAttribute('class'), WAIT).toContain('pd-refused');
    const stored = await api<{ data: { list: { modelXml: string }[] } }>('GET', `/api/activiti/model/queryModel?id=${modelId}`);
    expect(stored.data.list[0]!.modelXml).toContain('${amount &gt; 1000}');
    expect(stored.data.list[0]!.modelXml).not.toContain('${amount &gt;}');
  });

  it('asks before leaving with unsaved changes', async () => {
    await expect.poll(() => unsavedTag().count(), WAIT).toBe(1);
    await page.locator('.sidebar-container [data-menu-path="/workbench"]').first().click();
    const dialog = page.locator('.ant-modal-confirm').filter({ hasText: say('processDesign.leaveTitle') });
    await dialog.waitFor(WAIT);
    await dialog.getByRole('button', { name: say('processDesign.stay') }).click();
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe('/processdesign');
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    // the browser's Back asks too; staying keeps the page and its change, and Back asks again
    for (let i = 0; i < 2; i++) {
      await page.goBack();
      await dialog.waitFor(WAIT);
      expect(new URL(page.url()).pathname).toBe('/processdesign');
      await dialog.getByRole('button', { name: say('processDesign.stay') }).click();
      await expect.poll(() => dialog.count(), WAIT).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/processdesign');
      expect(await unsavedTag().count()).toBe(1);
    }
    // asked again, the user leaves: the change is dropped
    await page.locator('.sidebar-container [data-menu-path="/workbench"]').first().click();
    await dialog.getByRole('button', { name: say('processDesign.leave') }).click();
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe('/workbench');
    // one Back returns to the modeler (no guard entry left behind), the model as stored
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe('/processdesign');
    await shape('amountGate').waitFor(WAIT);
    await expect.poll(() => unsavedTag().count(), WAIT).toBe(0);
    // changed again, Back and Leave go where Back was meant to: the workbench
    await select('approve');
    await fill(say('processDesign.name'), 'Approve it');
    await expect.poll(() => unsavedTag().count(), WAIT).toBe(1);
    await page.goBack();
    await dialog.waitFor(WAIT);
    await dialog.getByRole('button', { name: say('processDesign.leave') }).click();
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe('/workbench');
  });

  it('lays out a model saved without a diagram (the demo model)', async () => {
    const models = await api<{ data: { list: { id: number; modelName: string }[] } }>(
      'GET',
      '/api/activiti/model/queryModel?modelName=Leave%20request',
    );
    const demo = models.data.list.find((m) => m.modelName === 'Leave request')!;
    await page.goto(`/processdesign?id=${demo.id}`);
    for (const id of ['start', 'approve', 'confirm', 'end']) await shape(id).waitFor(WAIT);
    // the flows are drawn too (a straight flow has no height: attached, not "visible")
    for (const id of ['f1', 'f2', 'f3']) await shape(id).waitFor({ state: 'attached', ...WAIT });
    await select('approve');
    expect(await panel().locator('.ant-select-selection-item').allInnerTexts()).toContain('Editor');
    await expect.poll(() => unsavedTag().count(), WAIT).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('the drawn process, run by its users', () => {
  it('starts with its form, takes the branch the amount chooses, and ends once both parallel tasks are passed', async () => {
    const admin = client(e2e.url, token);
    const startProcess = resourceNamed('StartProcess');
    const candidate = resourceNamed('CandidateTask');
    const assignee = resourceNamed('AssigneeTask');
    const myProcess = resourceNamed('MyProcess');
    const adminPage = await e2e.newPage();
    await signIn(adminPage, { username: 'admin' });
    const editorPage = await e2e.newPage();
    await signIn(editorPage, { username: 'editor' });

    // the administrator starts a small purchase on /startprocess with the start event's form
    await openList(adminPage, '/startprocess', startProcess);
    await clickRowAction(rowWith(adminPage, startProcess, 'Purchase approval'), label(startProcess, 'start'));
    const modal = dialog(adminPage);
    const form = modal.getByTestId('run-action-form');
    await form.waitFor(WAIT);
    await form.locator('#root_amount').fill('500');
    const started = await answerTo(adminPage, '/startProcessInstance', () =>
      modal.getByRole('button', { name: label(startProcess, 'start'), exact: true }).click(),
    );
    expect(started.status(), await started.text()).toBe(200);
    expect(started.request().postDataJSON()).toMatchObject({ variables: { amount: 500 } });
    const instanceId = Number(((await started.json()) as Envelope<Rec>).data!.id);

    // Approve is the administrator's
    const approve = await openTask(admin, instanceId);
    expect(approve).toMatchObject({ name: 'Approve', assignee: 'admin' });
    await openList(adminPage, '/assigneetask', assignee);
    await runRowAction(adminPage, assignee, approve.id, 'pass', 'completeTask', 'passed', comment('Approved'));

    // 500 takes the gateway's small branch: offered to the editors, claimed and passed by one
    const small = await openTask(admin, instanceId);
    expect(small.name).toBe('Small purchase');
    expect(small.assignee).toBeFalsy();
    await openList(editorPage, '/candidatetask', candidate);
    await runRowAction(editorPage, candidate, small.id, 'claim', 'claimTask', 'claimed');
    await openList(editorPage, '/assigneetask', assignee);
    await runRowAction(editorPage, assignee, small.id, 'pass', 'completeTask', 'passed', comment('Bought'));

    // the parallel branch: both of its tasks are open at once, and the process waits at the
    // join until the second is passed
    const branches = await openTasks(admin, instanceId);
    expect(branches.map((t) => t.name).sort()).toEqual(['Archive', 'Notify supplier']);
    await openList(adminPage, '/assigneetask', assignee);
    await runRowAction(adminPage, assignee, branches[0]!.id, 'pass', 'completeTask', 'passed', comment('First branch'));
    expect(await instance(admin, instanceId)).toMatchObject({ status: 'running' });
    await runRowAction(adminPage, assignee, branches[1]!.id, 'pass', 'completeTask', 'passed', comment('Second branch'));
    expect(await instance(admin, instanceId)).toMatchObject({ status: 'over', result: 'completed' });
    const steps = (await activities(admin, instanceId)).map((a) => a.activityId);
    expect(steps.filter((id) => id === 'join')).toHaveLength(1);
    expect(steps).not.toContain('large');
    // the starter finds it over on /myprocess
    await openList(adminPage, '/myprocess', myProcess);
    await rowById(adminPage, myProcess, instanceId).waitFor(WAIT);

    // a large purchase takes the other branch
    const definition = Number(
      ok<{ list: Rec[] }>(await admin.get(`${A}/process/queryProcessDefinition`, { processKey: `Process_${modelId}` })).list[0]!.id,
    );
    const large = Number(
      ok<Rec>(await admin.post(`${A}/process/startProcessInstance`, { processDefinitionId: definition, variables: { amount: 5000 } })).id,
    );
    const first = await openTask(admin, large);
    ok(await admin.post(`${A}/task/completeTask`, { taskId: Number(first.id), comment: 'Approved' }));
    expect((await openTask(admin, large)).name).toBe('Large purchase');
    expect(errors).toEqual([]);
  });
});
