/**
 * Workflows of jobs (docs/jobs.md, "Workflows"): a DAG of nodes, each running one job, checked
 * when saved (no cycle, no edge to a missing node, no job that does not exist) and run as a
 * workflow instance. Running it writes one DAG task instance per node (WAITING); a node whose
 * parents all succeeded (or failed while marked skip-when-failed) is fired as an instance of
 * its job carrying the workflow instance's id; when that instance ends, the scheduler calls
 * `instanceEnded`, which records the node and fires the nodes now ready. A node that fails
 * without skip-when-failed fails the workflow instance, and the nodes still waiting are
 * canceled: nothing that depends on it runs. A disabled node is passed over as succeeded.
 *
 * The workflow instance carries a context (`wfContext`, a JSON object): the init parameters,
 * and what the nodes that succeeded appended (a result that is a JSON object with a `context`
 * object). A node's job gets the context of its ancestors: `${key}` in its parameters is
 * replaced by the context's value of `key`, and the instance runs with those parameters.
 *
 * A CRON workflow fires on its schedule like a job: the scheduler claims it with the due jobs
 * (`fireDueWorkflows`, in the same transaction, `FOR UPDATE SKIP LOCKED` on PostgreSQL).
 *
 * Every step claims its node with a conditional update (WAITING to WAITING_DISPATCH), so two
 * processes advancing the same workflow instance fire each node once.
 */
import type { Resource } from '../../schemas/registry/types.ts';
import type { SystemStore } from '../access/systemStore.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { Row } from '../db/anyKysely.ts';
import { EnvelopeResult, withPrincipal, type CallHandler } from '../calls/context.ts';
import { crudHandlers } from '../crud/crudHandlers.ts';
import { importCallWith } from '../crud/importXlsx.ts';
import { ApiError, badRequest, conflict, notFound } from '../http/apiError.ts';
import { checkSchedule, firstFiring, nextFiring, ScheduleError } from './schedule.ts';
import { col, createInstance, instanceResource, loadJob, present, timeZoneOf, withDefaults, type InstanceStatus } from './jobRecords.ts';

interface DagNode {
  nodeId: number;
  nodeName?: string;
  jobId: number;
  enable?: boolean;
  skipWhenFailed?: boolean;
}
interface DagEdge {
  from: number;
  to: number;
}

/** Why a DAG is refused (the field it is about and the message), or undefined when it is sound. */
function dagProblem(nodes: readonly DagNode[], edges: readonly DagEdge[]): { field: string; message: string } | undefined {
  const ids = new Set<number>();
  for (const n of nodes) {
    if (ids.has(n.nodeId)) return { field: 'nodes', message: `Node ${n.nodeId} appears twice` };
    ids.add(n.nodeId);
  }
  const children = new Map<number, number[]>([...ids].map((id) => [id, []]));
  for (const e of edges) {
    if (!ids.has(e.from))
      return { field: 'edges', message: `The edge ${e.from} → ${e.to} starts at node ${e.from}, which is not in the workflow` };
    if (!ids.has(e.to))
      return { field: 'edges', message: `The edge ${e.from} → ${e.to} ends at node ${e.to}, which is not in the workflow` };
    if (e.from === e.to) return { field: 'edges', message: `The edge ${e.from} → ${e.to} joins a node to itself` };
    children.get(e.from)!.push(e.to);
  }
  // depth-first search: a node met again while it is on the path closes a cycle
  const state = new Map<number, 'open' | 'done'>();
  const path: number[] = [];
  const visit = (id: number): number[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'open') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'open');
    path.push(id);
    for (const c of children.get(id)!) {
      const cycle = visit(c);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const id of ids) {
    const cycle = visit(id);
    if (cycle) return { field: 'edges', message: `The edges make a cycle: ${cycle.join(' → ')}` };
  }
  return undefined;
}

function refuse(field: string, message: string): never {
  throw badRequest(message, [{ field, message }]);
}

const wfResource = (data: TenantData): Resource => data.resource('WorkflowInfo');
const wfInstanceResource = (data: TenantData): Resource => data.resource('WorkflowInstance');
const nodeResource = (data: TenantData): Resource => data.resource('DagTaskInstance');

async function loadRecord(data: TenantData, r: Resource, id: number): Promise<Row | undefined> {
  const row = (await data.select(r).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
  return row ? present(data, r, row) : undefined;
}

async function checkWorkflow(data: TenantData, wf: Row): Promise<void> {
  const nodes = (wf.nodes ?? []) as DagNode[];
  const edges = (wf.edges ?? []) as DagEdge[];
  const problem = dagProblem(nodes, edges);
  if (problem) refuse(problem.field, problem.message);
  for (const n of nodes) if (!(await loadJob(data, n.jobId))) refuse('nodes', `Node ${n.nodeId} runs job ${n.jobId}, which does not exist`);
  if (wf.timeExpressionType === 'CRON')
    try {
      checkSchedule('CRON', wf.timeExpression as string | null | undefined, await timeZoneOf(data));
    } catch (err) {
      if (err instanceof ScheduleError) refuse('timeExpression', err.message.replace('A CRON job', 'A CRON workflow'));
      throw err;
    }
}

/** Set a workflow's next firing (null: none, an API workflow or a disabled one). */
async function setNextFiring(data: TenantData, wfId: number, next: Date | null): Promise<void> {
  const r = wfResource(data);
  await data
    .update(r)
    .set({ [col(r, 'nextTriggerTime')]: data.dialect.toDb('datetime', next ? next.toISOString() : null) })
    .where('id', '=', wfId)
    .execute();
}

/** A saved workflow's first firing (a CRON workflow that is enabled; else none), stored. */
async function setFirstFiring(data: TenantData, id: number, now: Date): Promise<Date | null> {
  const wf = (await loadRecord(data, wfResource(data), id))!;
  const next =
    wf.enable !== false && wf.timeExpressionType === 'CRON'
      ? firstFiring({ timeExpressionType: 'CRON', timeExpression: String(wf.timeExpression ?? '') }, now, await timeZoneOf(data))
      : null;
  await setNextFiring(data, id, next);
  return next;
}

const wakeScheduler = async (data: TenantData) => (await import('./scheduler.ts')).instanceChanged(data);

/** After a save: the workflow's first firing, and the scheduler woken. */
async function schedule(data: TenantData, saved: Row, now: Date): Promise<Row> {
  const next = await setFirstFiring(data, Number(saved.id), now);
  await wakeScheduler(data);
  return { ...saved, nextTriggerTime: next ? next.toISOString() : null };
}

const addWorkflow: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  // the schema's defaults are stored (an enabled workflow is found enabled by the scheduler)
  const body = withDefaults(ctx.resource, { ...(ctx.body as Row) });
  ctx.body = body;
  await checkWorkflow(data, body);
  const saved = (await crudHandlers['crud.add']!(ctx)) as Row;
  return schedule(data, saved, ctx.services.now());
};

const updateWorkflow: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const body = ctx.body as Row;
  const existing = await loadRecord(data, wfResource(data), Number(body.id));
  if (!existing) throw notFound(`No workflow with id ${String(body.id)}`);
  const merged: Row = { ...existing };
  for (const [k, v] of Object.entries(body)) if (v !== undefined) merged[k] = v;
  await checkWorkflow(data, merged);
  const saved = (await crudHandlers['crud.update']!(ctx)) as Row;
  return schedule(data, saved, ctx.services.now());
};

/**
 * Workflows from a spreadsheet: each row with the schema's defaults and checked as the add call
 * checks a workflow (a refusal names its row, and nothing is imported); each one imported gets
 * its first firing, and the scheduler looks again once the import committed.
 */
const importWorkflows = importCallWith({
  async check(tx, record) {
    withDefaults(wfResource(tx), record);
    await checkWorkflow(tx, record);
  },
  async added(tx, ids, now) {
    for (const id of ids) await setFirstFiring(tx, id, now);
    tx.afterCommit(() => void wakeScheduler(tx));
  },
});

async function insertRow(data: TenantData, r: Resource, fields: Row, now: Date): Promise<number> {
  const row = data.toRow(r, fields);
  row.create_time = data.dialect.toDb('datetime', now.toISOString());
  row.update_time = row.create_time;
  return data.insert(r, row);
}

// ---------------------------------------------------------------------------------------------
// The context passed from node to node

type Context = Record<string, unknown>;
const isObject = (v: unknown): v is Context => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The context a workflow instance starts with: its init parameters when they are a JSON object, else `{initParams: text}`. */
function initialContext(initParams: string | null | undefined): Context {
  const text = initParams?.trim() ?? '';
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (isObject(value)) return { ...value };
  } catch {
    // not JSON: kept as text
  }
  return { initParams: initParams };
}

/**
 * What a node that succeeded appends to the context: its result, when it is a JSON object with
 * a `context` object (the http processor's result read after its `HTTP 200: ` prefix).
 */
function appendedContext(result: string | null | undefined): Context | undefined {
  const text = (result ?? '').replace(/^HTTP \d{3}: /, '').trim();
  if (!text.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return isObject(value) && isObject(value.context) ? value.context : undefined;
  } catch {
    return undefined;
  }
}

const PLACEHOLDER = /\$\{([A-Za-z_][\w.-]*)\}/g;
const WHOLE = /^\$\{([A-Za-z_][\w.-]*)\}$/;

function substituteValue(value: unknown, context: Context): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole && Object.hasOwn(context, whole[1]!)) return context[whole[1]!];
    return value.replace(PLACEHOLDER, (all, key: string) => {
      if (!Object.hasOwn(context, key)) return all;
      const v = context[key];
      return typeof v === 'string' ? v : JSON.stringify(v);
    });
  }
  if (Array.isArray(value)) return value.map((v) => substituteValue(v, context));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteValue(v, context)]));
  return value;
}

/**
 * A job's parameters with the context put in: every `${key}` in a string is the context's value
 * of `key` (a string as it is, anything else as JSON), and a string that is only `${key}` becomes
 * that value itself. Answers null when nothing changed (the instance runs with the job's own).
 */
function withContext(jobParams: string | null | undefined, context: Context): string | null {
  if (!jobParams?.includes('${')) return null;
  let value: unknown;
  try {
    value = JSON.parse(jobParams) as unknown;
  } catch {
    return null;
  }
  const out = JSON.stringify(substituteValue(value, context));
  return out === JSON.stringify(value) ? null : out;
}

// ---------------------------------------------------------------------------------------------
// Running a workflow instance

interface Dag {
  nodes: DagNode[];
  edges: DagEdge[];
}

/** Start an instance of the workflow: a task instance per node, and the roots fired. Answers the workflow instance's id. */
async function startWorkflow(data: TenantData, wfId: number, now: Date, initParams?: string | null, expected: Date = now): Promise<number> {
  const wf = await loadRecord(data, wfResource(data), wfId);
  if (!wf) throw notFound(`No workflow with id ${wfId}`);
  const nodes = (wf.nodes ?? []) as DagNode[];
  if (nodes.length === 0) throw conflict(`Workflow ${wfId} has no nodes to run`);
  const edges = (wf.edges ?? []) as DagEdge[];
  const problem = dagProblem(nodes, edges);
  if (problem) throw conflict(`Workflow ${wfId} cannot run: ${problem.message}`);
  const params = initParams ?? (wf.wfInitParams as string | null) ?? null;
  const at = now.toISOString();
  const fields: Row = {
    wfId,
    wfName: wf.wfName,
    expectedTriggerTime: expected.toISOString(),
    actualTriggerTime: at,
    wfInitParams: params,
    wfContext: JSON.stringify(initialContext(params)),
    // the DAG as it was when started: a later edit of the workflow does not change a run
    dag: { nodes, edges } satisfies Dag,
  };
  const r = wfInstanceResource(data);
  const max = Number(wf.maxWfInstanceNum ?? 0);
  if (max > 0) {
    const running = (await data
      .select(r)
      .select('id')
      .where(col(r, 'wfId'), '=', wfId)
      .where(col(r, 'status'), '=', 'RUNNING')
      .limit(max)
      .execute()) as Row[];
    if (running.length >= max)
      return insertRow(
        data,
        r,
        {
          ...fields,
          status: 'FAILED',
          finishedTime: at,
          result: `Too many instances: ${running.length} running, the workflow allows ${max}`,
        },
        now,
      );
  }
  const wfInstanceId = await insertRow(data, r, { ...fields, status: 'RUNNING' }, now);
  for (const n of nodes)
    await insertRow(
      data,
      nodeResource(data),
      {
        wfInstanceId,
        nodeId: n.nodeId,
        nodeName: n.nodeName ?? `Node ${n.nodeId}`,
        jobId: n.jobId,
        status: 'WAITING',
        enable: n.enable !== false,
        skipWhenFailed: n.skipWhenFailed === true,
      },
      now,
    );
  await advance(data, wfInstanceId, now);
  return wfInstanceId;
}

interface NodeRow {
  id: number;
  nodeId: number;
  jobId: number;
  status: string;
  enable: boolean;
  skipWhenFailed: boolean;
  instanceId: number | null;
  finishedTime: string | null;
  result: string | null;
}

async function nodesOf(data: TenantData, wfInstanceId: number): Promise<NodeRow[]> {
  const r = nodeResource(data);
  const rows = (await data.select(r).selectAll().where(col(r, 'wfInstanceId'), '=', wfInstanceId).execute()) as Row[];
  return rows
    .map((row) => {
      const rec = present(data, r, row);
      return {
        id: Number(rec.id),
        nodeId: Number(rec.nodeId),
        jobId: Number(rec.jobId),
        status: String(rec.status),
        enable: rec.enable !== false,
        skipWhenFailed: rec.skipWhenFailed === true,
        instanceId: rec.instanceId === null || rec.instanceId === undefined ? null : Number(rec.instanceId),
        finishedTime: typeof rec.finishedTime === 'string' ? rec.finishedTime : null,
        result: typeof rec.result === 'string' ? rec.result : null,
      };
    })
    .sort((a, b) => a.nodeId - b.nodeId);
}

function updateNode(data: TenantData, id: number, fields: Row) {
  const r = nodeResource(data);
  return data.update(r).set(data.toRow(r, fields)).where('id', '=', id);
}

function updateWfInstance(data: TenantData, id: number, fields: Row) {
  const r = wfInstanceResource(data);
  return data.update(r).set(data.toRow(r, fields)).where('id', '=', id).where(col(r, 'status'), '=', 'RUNNING');
}

/** The DAG a workflow instance runs (instances started before `dag` was kept have their edges in `wfContext`). */
function dagOf(wfi: Row): Dag {
  if (isObject(wfi.dag)) return { nodes: (wfi.dag.nodes ?? []) as DagNode[], edges: (wfi.dag.edges ?? []) as DagEdge[] };
  try {
    const old = JSON.parse(String(wfi.wfContext ?? '{}')) as { edges?: DagEdge[] };
    return { nodes: [], edges: Array.isArray(old.edges) ? old.edges : [] };
  } catch {
    return { nodes: [], edges: [] };
  }
}

/**
 * The context of the nodes `among`: the instance's initial context, then what each of them that
 * succeeded appended, in the order they finished (ties: the lower node id first).
 */
function contextOf(initial: Context, among: readonly NodeRow[]): Context {
  const out: Context = { ...initial };
  const done = among
    .filter((n) => n.status === 'SUCCEEDED')
    .sort((a, b) => (a.finishedTime ?? '').localeCompare(b.finishedTime ?? '') || a.nodeId - b.nodeId);
  for (const n of done) Object.assign(out, appendedContext(n.result) ?? {});
  return out;
}

/** The ancestors of a node (its parents, theirs, ...). */
function ancestorsOf(nodeId: number, edges: readonly DagEdge[]): Set<number> {
  const out = new Set<number>();
  const walk = (id: number) => {
    for (const e of edges)
      if (e.to === id && !out.has(e.from)) {
        out.add(e.from);
        walk(e.from);
      }
  };
  walk(nodeId);
  return out;
}

/** A node that counts as done for its children: succeeded, or failed while marked skip-when-failed. */
const passed = (n: NodeRow) => n.status === 'SUCCEEDED' || (n.status === 'FAILED' && n.skipWhenFailed);
/** A node that ends the run: failed without skip-when-failed, stopped, or canceled. */
const blocks = (n: NodeRow) => (n.status === 'FAILED' && !n.skipWhenFailed) || n.status === 'STOPPED' || n.status === 'CANCELED';

/** Fire the nodes whose parents passed, pass over disabled ones, and end the workflow instance when it is over. */
async function advance(data: TenantData, wfInstanceId: number, now: Date): Promise<void> {
  const wfi = await loadRecord(data, wfInstanceResource(data), wfInstanceId);
  if (!wfi || wfi.status !== 'RUNNING') return;
  const { edges } = dagOf(wfi);
  const initial = initialContext(wfi.wfInitParams as string | null);
  const at = now.toISOString();
  for (;;) {
    const nodes = await nodesOf(data, wfInstanceId);
    const byId = new Map(nodes.map((n) => [n.nodeId, n]));
    const blocking = nodes.find(blocks);
    if (blocking) {
      // nothing that waits runs any more
      for (const n of nodes.filter((x) => x.status === 'WAITING'))
        await updateNode(data, n.id, {
          status: 'CANCELED',
          finishedTime: at,
          result: `Canceled: node ${blocking.nodeId} ${blocking.status.toLowerCase()}`,
        })
          .where(col(nodeResource(data), 'status'), '=', 'WAITING')
          .execute();
      const live = nodes.some((x) => x.status === 'WAITING_DISPATCH' || x.status === 'RUNNING' || x.status === 'WAITING_WORKER_RECEIVE');
      if (!live)
        await updateWfInstance(data, wfInstanceId, {
          status: 'FAILED',
          finishedTime: at,
          result: `Node ${blocking.nodeId} ${blocking.status.toLowerCase()}`,
          wfContext: JSON.stringify(contextOf(initial, nodes)),
        }).execute();
      return;
    }
    if (nodes.every(passed)) {
      const skipped = nodes.filter((n) => n.status === 'FAILED').map((n) => n.nodeId);
      await updateWfInstance(data, wfInstanceId, {
        status: 'SUCCEEDED',
        finishedTime: at,
        result: skipped.length ? `Succeeded; failed and skipped: node ${skipped.join(', node ')}` : 'Succeeded',
        wfContext: JSON.stringify(contextOf(initial, nodes)),
      }).execute();
      return;
    }
    const ready = nodes.filter(
      (n) =>
        n.status === 'WAITING' &&
        edges.filter((e) => e.to === n.nodeId).every((e) => (byId.get(e.from) ? passed(byId.get(e.from)!) : true)),
    );
    if (ready.length === 0) return;
    // the context so far, for the console while the instance runs
    await updateWfInstance(data, wfInstanceId, { wfContext: JSON.stringify(contextOf(initial, nodes)) }).execute();
    let passedOver = false;
    for (const n of ready) {
      const r = nodeResource(data);
      if (!n.enable) {
        await updateNode(data, n.id, { status: 'SUCCEEDED', startTime: at, finishedTime: at, result: 'Disabled: passed over' })
          .where(col(r, 'status'), '=', 'WAITING')
          .execute();
        passedOver = true;
        continue;
      }
      const claimed = await updateNode(data, n.id, { status: 'WAITING_DISPATCH', startTime: at })
        .where(col(r, 'status'), '=', 'WAITING')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) continue;
      const job = await loadJob(data, n.jobId);
      if (!job) {
        await updateNode(data, n.id, { status: 'FAILED', finishedTime: at, result: `Job ${n.jobId} was deleted` }).execute();
        passedOver = true;
        continue;
      }
      const ancestors = ancestorsOf(n.nodeId, edges);
      const context = contextOf(
        initial,
        nodes.filter((x) => ancestors.has(x.nodeId)),
      );
      const instance = await createInstance(data, job, {
        triggerType: 'WORKFLOW',
        expected: now,
        now,
        instanceParams: withContext(job.jobParams, context),
        wfInstanceId,
      });
      await updateNode(data, n.id, {
        instanceId: instance.id,
        status: instance.status,
        ...(instance.status === 'FAILED' ? { finishedTime: at, result: 'Too many instances of its job' } : {}),
      }).execute();
      if (instance.status === 'FAILED') passedOver = true;
    }
    // a node passed over (or failed at once) may make others ready: look again
    if (!passedOver) return;
  }
}

/**
 * An instance of a workflow's node changed (running, or ended: succeeded, failed, stopped):
 * record it on the node, and when it ended fire what is now ready.
 */
export async function instanceEnded(
  data: TenantData,
  instance: { id: number; wfInstanceId: number | null },
  status: InstanceStatus,
  result: string | null,
  now: Date,
): Promise<void> {
  if (!instance.wfInstanceId) return;
  const r = nodeResource(data);
  const ended = status !== 'WAITING_DISPATCH' && status !== 'RUNNING' && status !== 'WAITING_WORKER_RECEIVE';
  await data
    .update(r)
    .set(
      data.toRow(r, {
        status,
        result: result?.slice(0, 65535) ?? null,
        finishedTime: ended ? now.toISOString() : null,
      }),
    )
    .where(col(r, 'instanceId'), '=', instance.id)
    .where(col(r, 'wfInstanceId'), '=', instance.wfInstanceId)
    // a node marked successful by hand stays so when its old instance is retried and ends
    .where(col(r, 'status'), '!=', 'SUCCEEDED')
    .execute();
  if (ended) await advance(data, instance.wfInstanceId, now);
}

/**
 * The CRON workflows due by `now`, claimed in the scheduler's transaction (`tx`): each moves to
 * its next firing (a misfire fires once) and an instance of it starts. A workflow that cannot
 * run (no nodes) is reported through `onError` and fires again at its next time.
 */
export async function fireDueWorkflows(
  tx: SystemStore,
  now: Date,
  limit: number,
  onError: (err: unknown, tenantCode: string, id: number) => void,
): Promise<void> {
  for (const { tenantCode, id } of await tx.jobs().dueWorkflows(now, limit)) {
    const data = tx.tenant(tenantCode);
    const wf = await loadRecord(data, wfResource(data), id);
    if (!wf?.nextTriggerTime) continue;
    const expected = new Date(String(wf.nextTriggerTime));
    let next: Date | null = null;
    if (wf.timeExpressionType === 'CRON')
      try {
        next = nextFiring(
          { timeExpressionType: 'CRON', timeExpression: String(wf.timeExpression ?? '') },
          expected,
          now,
          await timeZoneOf(data),
        );
      } catch (err) {
        onError(err, tenantCode, id);
      }
    await setNextFiring(data, id, next);
    try {
      await startWorkflow(data, id, now, null, expected);
    } catch (err) {
      // refused before anything of the run was written (an ApiError); anything else rolls the round back
      if (!(err instanceof ApiError)) throw err;
      onError(err, tenantCode, id);
    }
  }
}

const runWorkflow: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const body = ctx.body as { id: number; wfInitParams?: string };
  const id = await startWorkflow(data, body.id, ctx.services.now(), body.wfInitParams);
  (await import('./scheduler.ts')).instanceChanged(data);
  const r = wfInstanceResource(data);
  return new EnvelopeResult(await loadRecord(data, r, id), 'The workflow was started');
};

/** Node statuses that can be marked successful by hand. */
const MARKABLE = ['WAITING', 'FAILED', 'STOPPED'];

/**
 * Mark a node successful by hand: one that waits does not run, and its children do once their
 * other parents passed; one that failed or was stopped counts as passed, and when nothing else
 * blocks the run, the nodes it had canceled wait again and a workflow instance it had failed
 * runs on.
 */
const markNodeSucceeded: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const id = Number(ctx.query.id);
  const r = nodeResource(data);
  const node = await loadRecord(data, r, id);
  if (!node) throw notFound(`No DAG task instance with id ${id}`);
  const wfInstanceId = Number(node.wfInstanceId);
  const wfi = await loadRecord(data, wfInstanceResource(data), wfInstanceId);
  const status = String(node.status);
  if (!wfi || !(wfi.status === 'RUNNING' || (wfi.status === 'FAILED' && status !== 'WAITING')))
    throw conflict(
      `The workflow instance of node ${String(node.nodeId)} is ${String(wfi?.status ?? 'gone')}: only the nodes of a running one, or the failed nodes of a failed one, can be marked`,
    );
  const now = ctx.services.now();
  const at = now.toISOString();
  const written = await updateNode(data, id, { status: 'SUCCEEDED', finishedTime: at, result: 'Marked successful by hand' })
    .where(col(r, 'status'), 'in', MARKABLE)
    .executeTakeFirst();
  if (Number(written.numUpdatedRows) === 0)
    throw conflict(`Node ${String(node.nodeId)} is ${status}: only a waiting, failed or stopped node can be marked successful`);
  if (status !== 'WAITING' && !(await nodesOf(data, wfInstanceId)).some((n) => n.status !== 'CANCELED' && blocks(n))) {
    // nothing blocks the run any more: it goes on where it stopped
    const wr = wfInstanceResource(data);
    await data
      .update(wr)
      .set(data.toRow(wr, { status: 'RUNNING', finishedTime: null, result: null }))
      .where('id', '=', wfInstanceId)
      .where(col(wr, 'status'), '=', 'FAILED')
      .execute();
    await data
      .update(r)
      .set(data.toRow(r, { status: 'WAITING', finishedTime: null, result: null }))
      .where(col(r, 'wfInstanceId'), '=', wfInstanceId)
      .where(col(r, 'status'), '=', 'CANCELED')
      .execute();
  }
  await advance(data, wfInstanceId, now);
  (await import('./scheduler.ts')).instanceChanged(data);
  return new EnvelopeResult(undefined, 'The node was marked successful');
};

/**
 * One workflow instance for its details page: the instance, the DAG it runs, and each node's
 * task instance with the job instance that ran it (null when none was generated yet).
 */
const workflowInstanceDetails: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const id = Number(ctx.query.id);
  const wfi = await loadRecord(data, wfInstanceResource(data), id);
  if (!wfi) throw notFound(`No workflow instance with id ${id}`);
  const nr = nodeResource(data);
  const rows = (await data.select(nr).selectAll().where(col(nr, 'wfInstanceId'), '=', id).execute()) as Row[];
  const nodes = rows.map((row) => present(data, nr, row)).sort((a, b) => Number(a.nodeId) - Number(b.nodeId));
  const ir = instanceResource(data);
  const ids = nodes.map((n) => n.instanceId).filter((v): v is number => typeof v === 'number');
  const instances = new Map<number, Row>();
  if (ids.length)
    for (const row of (await data.select(ir).selectAll().where('id', 'in', ids).execute()) as Row[]) {
      const rec = present(data, ir, row);
      delete rec.leaseUntil;
      instances.set(Number(rec.id), rec);
    }
  const dag = dagOf(wfi);
  // an instance started before its DAG was kept: its nodes are those of its task instances
  if (dag.nodes.length === 0)
    dag.nodes = nodes.map((n) => ({
      nodeId: Number(n.nodeId),
      nodeName: String(n.nodeName ?? ''),
      jobId: Number(n.jobId),
      enable: n.enable !== false,
      skipWhenFailed: n.skipWhenFailed === true,
    }));
  return {
    instance: wfi,
    dag,
    nodes: nodes.map((n) => ({ ...n, instance: typeof n.instanceId === 'number' ? (instances.get(n.instanceId) ?? null) : null })),
  };
};

export const workflowHandlers: Record<string, CallHandler> = {
  'jobs.addWorkflow': addWorkflow,
  'jobs.importWorkflows': importWorkflows,
  'jobs.updateWorkflow': updateWorkflow,
  'jobs.runWorkflow': runWorkflow,
  'jobs.markNodeSucceeded': markNodeSucceeded,
  'jobs.workflowInstanceDetails': workflowInstanceDetails,
};
