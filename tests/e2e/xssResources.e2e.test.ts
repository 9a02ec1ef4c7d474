/**
 * Stored cross-site scripting against the generic resource pages, generated from the registry:
 * for every page that shows a resource, a script payload is saved through the API in every
 * string field of a record the page shows (a copy of the first record of a flat list, added;
 * the first root of a tree, updated), then the page's list, the record's detail drawer
 * and its edit form (where the page has one) are opened in Chromium. The payloads must show as
 * text and no script may run. A rich-text field (form widget `richText`) gets a payload that
 * mixes formatting with script: the detail drawer shows it sanitised, its formatting visible
 * and nothing that runs; its edit form shows it in the rich-text editor, and no script runs
 * there either.
 *
 * Fields are chosen by their schema, not their names: each string field gets the first payload
 * its schema (pattern, format, length) accepts, a `javascript:` address where only a URI fits.
 * A field that can hold none is listed with the reason (a secret, a choice from a list, a
 * pattern or format that admits no markup, a tree's parent that would move the record, a value
 * the server sets itself), and the test `leaves out only the fields that cannot hold a
 * payload` prints that list and checks every reason. Pages whose rows are another call's
 * answer (list.source) get a record through the API that the call returns (a notification to
 * everyone, a session signed in with a payload as its browser, a data permission). A new
 * resource with a page is covered without writing a test.
 */
import { createAjv } from '../../schemas/registry/ajv.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Resource } from '../../schemas/registry/types.ts';
import { signIn, spaNavigate, startE2E, DEMO_PASSWORD, type E2E } from './harness.ts';
import { BROWSER_BASIC, signIn as apiSignIn } from '../api/harness.ts';
import { validRecord } from '../api/validRecord.ts';
import {
  action,
  dialog,
  drawer,
  openedDialog,
  registry,
  resourcePages,
  rowById,
  say,
  settled,
  table,
  TENANT,
  titleOf,
  type Rec,
  rowAction,
} from './resourceLocators.ts';

const PAYLOADS = [
  '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
  '"><script>window.__xss=(window.__xss||0)+1</script>',
  '<svg onload="window.__xss=(window.__xss||0)+1"></svg>',
];
const SHORT = '<img src=x onerror=alert(1)>';
/** For a field only an address fits (format uri): a link to it must not run it. */
const SCRIPT_URI = 'javascript:alert(document.domain)';
/** The formatted text a rich-text field's payload carries, named after the resource. */
const richMark = (r: Resource) => `Rich ${r.name}`;
/** Formatting the detail drawer must show, around script it must not run. */
const richPayload = (r: Resource) =>
  `<p><strong>${richMark(r)}</strong> <em>text</em></p>${PAYLOADS.join('')}<a href="javascript:window.__xss=(window.__xss||0)+1">link</a>` +
  `<iframe srcdoc="<script>parent.__xss=(parent.__xss||0)+1</script>"></iframe><style>body{display:none}</style>`;

const ajv = createAjv({ allErrors: false });

/** Tree parents: a payload there would move the record out of its tree, not test rendering. */
const treeParents = new Set(registry.resources.flatMap((r) => (r.list.tree ? [`${r.name}.${r.list.tree.parentField}`] : [])));

/** The reasons a string field can be left without a payload (the test checks each is one of these). */
const REASONS = {
  secret: 'a secret: never shown',
  choice: 'chosen from a list (enum or dictionary)',
  schema: 'its pattern or format admits no markup',
  parent: "a tree's parent: a payload would move the record",
  server: 'set by the server, not through add or update',
  reference: "names another record by that record's code, whose pattern admits no markup",
} as const;

interface Plan {
  /** Field -> the payload it gets. */
  payloads: Map<string, string>;
  /** Rich-text fields (their payload is richPayload). */
  rich: Set<string>;
  /** Field -> why it gets none. */
  left: Map<string, string>;
}

/** The payload each string field of the resource gets, from its schema, or why it gets none. */
function planOf(r: Resource, settable: (field: string) => boolean, references: string[] = []): Plan {
  const plan: Plan = { payloads: new Map(), rich: new Set(), left: new Map() };
  r.fields
    .filter((f) => !f.system && f.type === 'string')
    .forEach((f, i) => {
      if (f.secret) return void plan.left.set(f.name, REASONS.secret);
      if (f.schema.enum || f.dict) return void plan.left.set(f.name, REASONS.choice);
      if (treeParents.has(`${r.name}.${f.name}`)) return void plan.left.set(f.name, REASONS.parent);
      // a relation's value must name a record of its resource: a payload is never stored there
      if (references.includes(f.name) || r.relations[f.name]) return void plan.left.set(f.name, REASONS.reference);
      const rich = f.kind === 'richText';
      const candidates = rich ? [richPayload(r)] : [PAYLOADS[i % PAYLOADS.length]!, ...PAYLOADS, SHORT, SCRIPT_URI];
      const valid = ajv.compile(f.schema);
      const payload = candidates.find((c) => valid(c));
      if (payload === undefined) return void plan.left.set(f.name, REASONS.schema);
      if (!settable(f.name)) return void plan.left.set(f.name, REASONS.server);
      plan.payloads.set(f.name, payload);
      if (rich) plan.rich.add(f.name);
    });
  return plan;
}

/** A field an update of the record can set: in the edit form and not read-only there. */
const updatable = (r: Resource) => (field: string) => r.form.edit.includes(field) && !r.form.readOnlyOnEdit.includes(field);

/** Digits that make this run's unique values new. */
const RUN = String(1000 + (Date.now() % 9000));
let e2e: E2E;
let token: string;

/** What was seeded on a page: the record's row key, the plan of its fields, the filter node to pick first. */
interface Seeded {
  id: unknown;
  plan: Plan;
  /** A list-only page whose call needs the filter tree's value: the node to pick. */
  node?: string | number;
}
const seeded = new Map<string, Seeded>();

async function call(
  path: string,
  init: { method: string; body?: unknown; headers?: Record<string, string> } = { method: 'GET' },
): Promise<Rec> {
  const res = await fetch(e2e.url + path, {
    method: init.method,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return (await res.json()) as Rec;
}

const callPath = (name: string) => registry.calls.find((c) => c.name === name)!.url;
const rowsOf = (data: unknown): Rec[] => (Array.isArray(data) ? (data as Rec[]) : ((data as { list?: Rec[] } | undefined)?.list ?? []));

/** The record the page shows first: the first root of a tree, else the first row of page 1. */
async function firstRecord(r: Resource): Promise<Rec | undefined> {
  const base = `/api/${r.service}/${r.path}`;
  if (r.list.tree) return rowsOf((await call(`${base}/query${r.name}Tree`)).data)[0];
  return rowsOf((await call(`${base}/query${r.name}?currentPage=1&pageSize=${r.list.pageSize}`)).data)[0];
}

/**
 * Records for the pages whose rows are another call's answer (list.source), by that call: each
 * is made through the API so that the call returns it, with the payloads its fields can take.
 */
const SOURCE_SEEDS: Record<string, (r: Resource) => Promise<Seeded>> = {
  // the caller's notifications: one added for everyone
  queryMyNotification: async (r) => {
    const plan = planOf(r, (f) => registry.byName.get('Notification')!.form.create.includes(f));
    const answer = await call(callPath('addNotification'), {
      method: 'POST',
      body: { type: 'notice', priority: 1, ...Object.fromEntries(plan.payloads) },
    });
    expect(answer.status, JSON.stringify(answer)).toBe(200);
    return { id: (answer.data as Rec).id, plan };
  },
  // the signed-in sessions: one whose browser sends a payload as its User-Agent
  queryOnlineSysUser: async (r) => {
    const plan = planOf(r, (f) => f === 'userAgent');
    const agent = plan.payloads.get('userAgent');
    expect(agent, 'userAgent holds a payload').toBeDefined();
    const qs = new URLSearchParams({
      username: 'editor',
      password: DEMO_PASSWORD,
      tenantCode: TENANT,
      scope: 'ui',
      grant_type: 'password',
      client_id: 'browser',
      type: 'account',
    });
    const res = await fetch(`${e2e.url}/api/uaa/oauth/token?${qs}`, {
      method: 'POST',
      headers: { authorization: BROWSER_BASIC, 'content-type': 'application/x-www-form-urlencoded', 'user-agent': agent! },
    });
    expect(res.status, await res.text()).toBe(200);
    const rows = rowsOf((await call(`${callPath('queryOnlineSysUser')}?pageSize=1000`)).data);
    const row = rows.find((x) => x.userAgent === agent);
    expect(row, 'the session is listed').toBeDefined();
    return { id: row![r.list.rowKey], plan };
  },
  // a data permission of a menu (the page lists one menu's at a time): its role and menu are
  // codes of existing records, its fields a list of field names (a pattern): nothing holds markup
  queryDataFieldByMenuCode: async (r) => {
    const plan = planOf(r, () => true, ['roleCode', 'menuCode']);
    const answer = await call(callPath('authorizeMenuDataToRole'), {
      method: 'POST',
      body: { menuCode: 'sysuser', data: [{ roleCode: 'ROLE_VISITOR', dataFields: 'address' }] },
    });
    expect(answer.status, JSON.stringify(answer)).toBe(200);
    const rows = rowsOf((await call(`${callPath(r.list.source!.call)}?menuCode=sysuser`)).data);
    const row = rows.find((x) => x.roleCode === 'ROLE_VISITOR');
    expect(row, 'the data permission is listed').toBeDefined();
    return { id: row![r.list.rowKey], plan, node: 'sysuser' };
  },
  // the audit log: the row of an add whose value holds a payload (its field diff shows it); the
  // other fields are the server's (who, the call, the address)
  querySysAuditLog: async (r) => {
    const plan = planOf(r, () => false);
    plan.left.delete('changes');
    plan.payloads.set('changes', SHORT);
    const added = await call(callPath('addSysParam'), {
      method: 'POST',
      body: { paramName: `Audit ${RUN}`, paramKey: `audit.xss.${RUN}`, paramValue: SHORT },
    });
    expect(added.status, JSON.stringify(added)).toBe(200);
    const id = (added.data as Rec).id;
    const rows = rowsOf((await call(`${callPath('querySysAuditLog')}?pageSize=1000`)).data);
    const row = rows.find((x) => String(x.recordId) === String(id) && x.resourceName === 'SysParam');
    expect(row, 'the add is in the audit log').toBeDefined();
    return { id: row![r.list.rowKey], plan };
  },
  // job instances: one of a job whose name holds a payload, fired by the API
  queryJobInstance: async (r) => {
    const plan = planOf(r, (f) => f === 'jobName');
    const job = await call(callPath('addJobInfo'), {
      method: 'POST',
      body: {
        jobName: plan.payloads.get('jobName'),
        timeExpressionType: 'API',
        executeType: 'STANDALONE',
        processorType: 'BUILT_IN',
        processorInfo: 'wait',
        jobParams: '{"ms": 1}',
      },
    });
    expect(job.status, JSON.stringify(job)).toBe(200);
    const fired = await call(callPath('runJob'), { method: 'POST', body: { id: (job.data as Rec).id } });
    expect(fired.status, JSON.stringify(fired)).toBe(200);
    return { id: (fired.data as Rec).id, plan };
  },
  // workflow instances: one of a workflow whose name holds a payload, started by runWorkflow
  queryWorkflowInstance: async (r) => {
    const plan = planOf(r, (f) => f === 'wfName');
    return { id: (await startWorkflow(plan.payloads.get('wfName'), 'Node')).id, plan };
  },
  // the nodes of a workflow instance: one whose name holds a payload
  queryDagTaskInstance: async (r) => {
    const plan = planOf(r, (f) => f === 'nodeName');
    const started = await startWorkflow('Workflow of a payload node', plan.payloads.get('nodeName'));
    const rows = rowsOf((await call(`${callPath('queryDagTaskInstance')}?wfInstanceId=${String(started.id)}`)).data);
    expect(rows.length, 'the node is listed').toBe(1);
    return { id: rows[0]![r.list.rowKey], plan };
  },
  // the BPMN workflow's lists: rows of a process whose names hold payloads (payloadProcess)
  queryDeployment: (r) => processSeed(r, (p) => p.deploymentId),
  queryProcessDefinition: (r) => processSeed(r, (p) => p.definitionId),
  queryProcessInstance: (r) => processSeed(r, (p) => p.waiting),
  queryHistoricProcessInstance: (r) => processSeed(r, (p) => p.passed),
  queryTask: (r) => processSeed(r, (p) => p.offered),
  queryPersonalTask: (r) => processSeed(r, (p) => (r.list.source!.params?.type === 'assignee' ? p.claimed : p.offered)),
  queryFinishedTask: (r) => processSeed(r, (p) => p.finished),
  queryHistoricTaskInstance: (r) => processSeed(r, (p) => p.finished),
};

/**
 * What the BPMN workflow's pages list, by field: the model's name (the deployment's name), its
 * category, the process's name (in the BPMN), its user task's name and an instance's business
 * key hold payloads; the rest (keys, users, states) the engine sets.
 */
const PROCESS_PAYLOADS: Record<string, string> = {
  deploymentName: PAYLOADS[0]!,
  category: SHORT,
  processName: PAYLOADS[0]!,
  name: PAYLOADS[2]!,
  businessKey: PAYLOADS[1]!,
};

interface PayloadProcess {
  deploymentId: number;
  definitionId: number;
  /** Running instances started by the administrator: one waiting at its task, offered to the administrator. */
  waiting: number;
  offered: number;
  /** A task the administrator claimed. */
  claimed: number;
  /** An instance over, its task passed by the administrator. */
  passed: number;
  finished: number;
}

let payloadProcess: Promise<PayloadProcess> | undefined;

/** A process of one user task offered to the administrator, with payloads in its names (made once), and its instances. */
function madePayloadProcess(): Promise<PayloadProcess> {
  const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const ok = async (name: string, init: { body?: unknown }, query = ''): Promise<Rec> => {
    const method = registry.calls.find((c) => c.name === name)!.method;
    const answer = await call(`${callPath(name)}${query}`, { method, ...init });
    expect(answer.status, `${name}: ${JSON.stringify(answer)}`).toBe(200);
    return answer as Rec;
  };
  payloadProcess ??= (async () => {
    const org = rowsOf((await ok('querySysOrg', {}, '?pageSize=1')).data)[0]!;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:activiti="http://activiti.org/bpmn" targetNamespace="http://example.com/bpmn">
  <process id="aaPayload${RUN}" name="${escaped(PROCESS_PAYLOADS.processName!)}" isExecutable="true">
    <startEvent id="start"/>
    <userTask id="check" name="${escaped(PROCESS_PAYLOADS.name!)}" activiti:candidateUsers="admin"/>
    <endEvent id="end"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="check"/>
    <sequenceFlow id="f2" sourceRef="check" targetRef="end"/>
  </process>
</definitions>`;
    const model = (
      await ok('addModel', {
        body: { modelName: PROCESS_PAYLOADS.deploymentName, modelCategory: PROCESS_PAYLOADS.category, orgId: org.id, modelXml: xml },
      })
    ).data as Rec;
    const deployed = (await ok('deployModel', {}, `?modelId=${String(model.id)}`)).data as Rec;
    const definitionId = Number(deployed.processDefinitionId);
    const startOne = async () =>
      Number(
        (
          (
            await ok('startProcessInstance', {
              body: { processDefinitionId: definitionId, businessKey: PROCESS_PAYLOADS.businessKey, variables: {} },
            })
          ).data as Rec
        ).id,
      );
    const taskOf = async (instance: number) => Number(rowsOf((await ok('queryTask', {}, `?processInstanceId=${instance}`)).data)[0]!.id);
    const passed = await startOne();
    const finished = await taskOf(passed);
    await ok('claimTask', {}, `?taskId=${finished}`);
    await ok('completeTask', { body: { taskId: finished, comment: SHORT, variables: {} } });
    const claimedInstance = await startOne();
    const claimed = await taskOf(claimedInstance);
    await ok('claimTask', {}, `?taskId=${claimed}`);
    const waiting = await startOne();
    return {
      deploymentId: Number(deployed.deploymentId),
      definitionId,
      waiting,
      offered: await taskOf(waiting),
      claimed,
      passed,
      finished,
    };
  })();
  return payloadProcess;
}

/** The record of the payload process a workflow page shows, with the payloads of its fields as stored. */
async function processSeed(r: Resource, pick: (p: PayloadProcess) => number): Promise<Seeded> {
  const plan = planOf(r, (f) => f in PROCESS_PAYLOADS);
  for (const f of plan.payloads.keys()) plan.payloads.set(f, PROCESS_PAYLOADS[f]!);
  return { id: pick(await madePayloadProcess()), plan };
}

/** A workflow of one node (a job that waits a moment), started: answers the workflow instance. */
async function startWorkflow(wfName: string | undefined, nodeName: string | undefined): Promise<Rec> {
  const job = await call(callPath('addJobInfo'), {
    method: 'POST',
    body: {
      jobName: 'A node of a workflow',
      timeExpressionType: 'API',
      executeType: 'STANDALONE',
      processorType: 'BUILT_IN',
      processorInfo: 'wait',
      jobParams: '{"ms": 1}',
    },
  });
  expect(job.status, JSON.stringify(job)).toBe(200);
  const wf = await call(callPath('addWorkflowInfo'), {
    method: 'POST',
    body: {
      wfName,
      timeExpressionType: 'API',
      nodes: [{ nodeId: 1, nodeName, jobId: (job.data as Rec).id, enable: true, skipWhenFailed: false }],
      edges: [],
    },
  });
  expect(wf.status, JSON.stringify(wf)).toBe(200);
  const started = await call(callPath('runWorkflow'), { method: 'POST', body: { id: (wf.data as Rec).id } });
  expect(started.status, JSON.stringify(started)).toBe(200);
  return started.data as Rec;
}

async function noScriptRan(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

/**
 * What in a list or detail could run script: outside rich-text views, markup of a payload
 * (plain fields show their payloads as text) and links to `javascript:` addresses; inside them,
 * script, frames, SVG, style, handlers and javascript: links (the sanitised formatting, and an
 * image without its handler, may stay).
 */
function runnable(root: Element): string[] {
  const out: string[] = [];
  const plain = root.cloneNode(true) as Element;
  for (const view of Array.from(plain.querySelectorAll('[data-testid="rich-text-view"]'))) view.remove();
  const markup = /<img src="x"|<script>window|<svg onload/.exec(plain.innerHTML);
  if (markup) out.push(`payload markup outside rich text: ${markup[0]}`);
  for (const el of Array.from(plain.querySelectorAll('[href], [src], [action], [formaction]'))) {
    for (const attr of Array.from(el.attributes))
      if (/^\s*javascript:/i.test(attr.value)) out.push(`${el.nodeName} ${attr.name}="${attr.value.slice(0, 60)}"`);
  }
  for (const view of Array.from(root.querySelectorAll('[data-testid="rich-text-view"]'))) {
    for (const el of Array.from(view.querySelectorAll('script, svg, iframe, style, object, embed, form')))
      out.push(el.outerHTML.slice(0, 120));
    for (const el of Array.from(view.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        if (attr.name.toLowerCase().startsWith('on') || /^\s*javascript:/i.test(attr.value))
          out.push(`${el.nodeName} ${attr.name}="${attr.value.slice(0, 60)}"`);
      }
    }
  }
  return out;
}

beforeAll(async () => {
  e2e = await startE2E();
  token = await apiSignIn(e2e.url, TENANT, 'admin', DEMO_PASSWORD);
  // the audit log's row last: every seed writes, and the newest rows come first on its page
  const pages = resourcePages().sort((a, b) => Number(a.resource.name === 'SysAuditLog') - Number(b.resource.name === 'SysAuditLog'));
  for (const { resource: r } of pages) {
    if (r.list.source) {
      const seed = SOURCE_SEEDS[r.list.source.call];
      expect(seed, `${r.name}: a way to make a record its call ${r.list.source.call} returns`).toBeDefined();
      seeded.set(r.name, await seed!(r));
      continue;
    }
    const record = await firstRecord(r);
    expect(record, `${r.name}: the page shows a record`).toBeDefined();
    if (!r.list.tree && action(r, 'add')) {
      // A flat list: a copy of its first record, added with the payloads (shown first, or next to
      // the original): the records the platform runs on (its sign-in client) stay as they are.
      const plan = planOf(r, (f) => r.form.create.includes(f));
      const body = { ...validRecord(r, record, RUN), ...Object.fromEntries(plan.payloads) };
      const answer = await call(`/api/${r.service}/${r.path}/add${r.name}`, { method: 'POST', body });
      expect(answer.status, `${r.name}: ${JSON.stringify(answer)}`).toBe(200);
      seeded.set(r.name, { id: (answer.data as Rec)[r.list.rowKey] ?? (answer.data as Rec).id, plan });
      continue;
    }
    // A tree: its first root, updated (a new node could be out of view).
    const plan = planOf(r, updatable(r));
    const answer = await call(`/api/${r.service}/${r.path}/update${r.name}`, {
      method: 'PUT',
      body: { id: record!.id, ...Object.fromEntries(plan.payloads) },
    });
    expect(answer.status, `${r.name}: ${JSON.stringify(answer)}`).toBe(200);
    seeded.set(r.name, { id: record![r.list.rowKey], plan });
  }
});

afterAll(async () => {
  await e2e?.close();
});

describe('stored script payloads on the resource pages', () => {
  it('puts a payload on every page, in every string field that can hold one', () => {
    const pages = resourcePages();
    expect([...seeded.keys()].sort()).toEqual(pages.map((p) => p.resource.name).sort());
    for (const { resource: r } of pages) {
      const plan = seeded.get(r.name)!.plan;
      const strings = r.fields.filter((f) => !f.system && f.type === 'string').map((f) => f.name);
      expect([...plan.payloads.keys(), ...plan.left.keys()].sort(), `${r.name}: every string field is planned`).toEqual(
        [...strings].sort(),
      );
      // a page may hold none only when each of its string fields names another record or has a pattern
      const noMarkup = [...plan.left.values()].every((why) => why === REASONS.reference || why === REASONS.schema);
      expect(plan.payloads.size > 0 || noMarkup, `${r.name}: some field holds a payload`).toBe(true);
    }
  });

  it('leaves out only the fields that cannot hold a payload, for a reason', () => {
    const left = [...seeded].flatMap(([name, s]) => [...s.plan.left].map(([field, why]) => `${name}.${field}: ${why}`));
    console.log(`Fields without a payload:\n  ${left.join('\n  ')}`);
    for (const line of left)
      expect(
        Object.values(REASONS).some((why) => line.endsWith(`: ${why}`)),
        line,
      ).toBe(true);
    // no field is left out because of its name: the free-text fields the platform acts on hold payloads
    const held = new Set([...seeded].flatMap(([name, s]) => [...s.plan.payloads.keys()].map((f) => `${name}.${f}`)));
    for (const field of [
      'AppClient.authScope',
      'AppClient.fallbackUrl',
      'SysTenant.domain',
      'SysMenu.menuPath',
      'SysMenu.menuIcon',
      'SysMenu.menuComponent',
      'SysOnlineUser.userAgent',
    ]) {
      expect(held.has(field), field).toBe(true);
    }
  });

  it('render as text in every list, detail drawer and edit form, and no script runs', async () => {
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signIn(page, { username: 'admin' });
    for (const { resource: r, path } of resourcePages()) {
      const { id, plan, node } = seeded.get(r.name)!;
      const values = [...plan.payloads].filter(([f]) => !plan.rich.has(f)).map(([, v]) => v);
      const rich = [...plan.rich];
      await spaNavigate(page, path);
      if (node !== undefined) {
        const tree = registry.byName.get(r.list.filterTree!.resource)!;
        await page
          .getByRole('navigation', { name: say('resource.filterBy', { title: titleOf(tree) }) })
          .locator(`[data-node-value="${String(node)}"]`)
          .click();
      }
      await settled(page, r);
      const row = rowById(page, r, id);
      await row.waitFor();
      await noScriptRan(page);
      // The list shows the stored text literally wherever it shows one of the fields.
      expect(await table(page, r).evaluate(runnable), `${r.name} list`).toEqual([]);

      await rowAction(row, say('resource.actions.view'));
      const side = drawer(page);
      const detail = side.getByTestId('resource-detail');
      await detail.waitFor();
      const detailText = await detail.innerText();
      if (values.length)
        expect(
          values.some((v) => detailText.includes(v)),
          `${r.name} detail shows a payload as text`,
        ).toBe(true);
      // Rich text shows its formatting, sanitised: one view per seeded field, the marked text in bold.
      expect(await detail.getByTestId('rich-text-view').count(), `${r.name} rich-text views`).toBe(rich.length);
      if (rich.length)
        expect(
          await detail
            .getByTestId('rich-text-view')
            .locator('strong')
            .filter({ hasText: richMark(r) })
            .count(),
        ).toBe(rich.length);
      expect(await detail.evaluate(runnable), `${r.name} detail`).toEqual([]);
      await page.waitForTimeout(rich.length ? 300 : 0);
      await noScriptRan(page);
      await side.getByRole('button', { name: say('common.close'), exact: true }).click();
      await side.waitFor({ state: 'hidden' });

      // Only a page with an update action has an edit form.
      if (r.list.source || !action(r, 'update')) continue;
      await rowAction(row, say('resource.actions.update'));
      const modal = await openedDialog(dialog(page));
      await modal.locator('form').waitFor();
      const inputs = await modal.locator('input, textarea').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
      if (values.length)
        expect(
          values.some((v) => inputs.includes(v)),
          `${r.name} edit form holds a payload as a value`,
        ).toBe(true);
      expect(await modal.evaluate(runnable), `${r.name} edit form`).toEqual([]);
      for (const name of rich) {
        // The rich-text editor shows the formatted text, and runs nothing in its editing area either.
        const editor = modal.locator(`[data-field="${name}"] [data-testid="rich-text-editor"][data-ready="true"]`);
        await editor.waitFor({ timeout: 30_000 });
        const area = await (await editor.locator('iframe').elementHandle())!.contentFrame();
        await expect
          .poll(() => area!.locator('strong').first().textContent(), { message: `${r.name}.${name} in the editor` })
          .toBe(richMark(r));
        await page.waitForTimeout(300);
        expect(
          await area!.evaluate(() => (window as unknown as { __xss?: number }).__xss),
          `${r.name}.${name}: the editing area`,
        ).toBeUndefined();
      }
      await noScriptRan(page);
      await modal.getByRole('button', { name: say('common.cancel'), exact: true }).click();
      // An unchanged form closes without asking to discard anything.
      await expect.poll(() => page.locator('.ant-modal:visible').count(), { message: `${r.name} edit form closes on Cancel` }).toBe(0);
    }
    await noScriptRan(page);
    expect(dialogs).toEqual([]);
    // every list page in turn: the time grows with the pages
  }, 300_000);
});
