/**
 * Process instances in the database: starting one, taking a step of one (engineRun.ts) and
 * storing the step in one transaction with the rows it changes: the instance's state,
 * variables and revision, the tasks that began or ended, the activity history and the
 * variable history. A step is stored only if the instance is still at the revision it was
 * read at (a conditional update): two servers, or two requests, taking a step of the same
 * instance at once cannot both store theirs, so no step is lost or doubled.
 */
import { createHash } from 'node:crypto';
import type { Resource } from '../../schemas/registry/types.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { Row } from '../db/anyKysely.ts';
import { LruCache } from '../db/lruCache.ts';
import { ApiError, badRequest, conflict, notFound } from '../http/apiError.ts';
import { evaluate, isExpression } from './expressions.ts';
import { ModelError, parseBpmn, type ParsedProcess } from './bpmnModel.ts';
import { runStep, StepLimitError, type StepApi, type StepResult } from './engineRun.ts';
import { noticeNewTask } from '../notification/taskNotice.ts';
import { checkAssignee } from './modelPeople.ts';

export interface WorkflowResources {
  def: Resource;
  inst: Resource;
  task: Resource;
  cand: Resource;
  comment: Resource;
  act: Resource;
  detail: Resource;
}

export function resources(data: TenantData): WorkflowResources {
  return {
    def: data.resource('ProcessDefinition'),
    inst: data.resource('ProcessInstance'),
    task: data.resource('Task'),
    cand: data.resource('TaskCandidate'),
    comment: data.resource('TaskComment'),
    act: data.resource('HistoricActivityInstance'),
    detail: data.resource('HistoricDetail'),
  };
}

/** The column of a field. */
export function col(r: Resource, field: string): string {
  const f = r.fieldMap.get(field);
  if (!f) throw new Error(`${r.name} has no field ${field}`);
  return f.column;
}

/** An instance changed by someone else since it was read. */
export class InstanceConflict extends ApiError {
  constructor() {
    super(409, 'The process instance was changed at the same time; try again');
  }
}

const definitions = new LruCache<string, ParsedProcess>('workflow definitions', 200);

export interface Definition {
  record: Row;
  xml: string;
  process: ParsedProcess;
}

export async function loadDefinition(data: TenantData, id: number): Promise<Definition> {
  const { def } = resources(data);
  const row = (await data.select(def).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound(`No process definition ${id}`);
  const record = data.toRecord(def, row);
  const xml = String(record.bpmnXml ?? '');
  // by content: a definition's XML never changes, and the same id may be another tenant's or database's
  const key = createHash('sha256').update(xml).digest('base64');
  let process = definitions.get(key);
  if (!process) {
    process = await parseBpmn(xml);
    definitions.set(key, process);
  }
  return { record, xml, process };
}

export async function loadInstance(data: TenantData, id: number): Promise<Row> {
  const { inst } = resources(data);
  const row = (await data.select(inst).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound(`No process instance ${id}`);
  return data.toRecord(inst, row);
}

export interface StepOptions {
  /** What to do once resumed. */
  action?: (api: StepApi) => void;
  /** Run from this state instead of the stored one (a task sent back). */
  fromState?: unknown;
  /** Variables to set before the step. */
  variables?: Record<string, unknown>;
  /** How tasks that stop waiting end, by execution id (default `cancelled`). */
  closeAs?: Map<string, string>;
  /** The task whose completion makes the step (its variables are recorded against it). */
  taskId?: number;
  now: Date;
}

function runError(err: unknown): never {
  if (err instanceof StepLimitError) throw badRequest(err.message, [{ field: err.element, message: 'loops without a wait state' }]);
  if (err instanceof RangeError && /call stack/i.test(err.message))
    throw badRequest('The process loops without a wait state and was stopped');
  if (err instanceof ModelError) throw badRequest(err.message, err.element ? [{ field: err.element, message: err.message }] : undefined);
  if (err instanceof ApiError) throw err;
  throw badRequest(`The process failed: ${err instanceof Error ? err.message : String(err)}`);
}

function typeOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' && Number.isInteger(value) ? 'integer' : typeof value;
}

/** Resolve an assignee written as `${starter}` against the variables. */
function resolveAssignee(text: string | undefined, variables: Record<string, unknown>): string | null {
  if (!text) return null;
  if (!isExpression(text)) return text;
  const v = evaluate(text, variables);
  return v === undefined || v === null || v === '' ? null : String(v);
}

/**
 * Store a step (see the top of this file). `instance` is the stored instance (with its
 * revision), or undefined for a new one whose row `fresh` is inserted.
 */
async function storeStep(
  tx: TenantData,
  def: Definition,
  instance: Row,
  result: StepResult,
  before: Record<string, unknown>,
  options: StepOptions,
): Promise<void> {
  const R = resources(tx);
  const at = tx.dialect.toDb('datetime', options.now.toISOString());
  const id = Number(instance.id);
  const update = tx.toRow(R.inst, {
    engineState: result.ended ? null : result.state,
    variables: result.variables,
    revision: Number(instance.revision) + 1,
    ended: result.ended,
    status: result.ended ? 'over' : 'running',
    result: result.ended ? 'completed' : null,
    endTime: result.ended ? options.now.toISOString() : null,
    nextTimerAt: result.nextTimerAt ? result.nextTimerAt.toISOString() : null,
  });
  update.update_time = at;
  const changed = await tx
    .update(R.inst)
    .set(update)
    .where('id', '=', id)
    .where(col(R.inst, 'revision'), '=', Number(instance.revision))
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) throw new InstanceConflict();

  // the activity history: a row per activity started, its end time when it ends
  const startedHere = new Set<string>();
  const endedAt = new Set(result.activities.filter((a) => a.kind === 'end').map((a) => a.executionId));
  const started: Row[] = [];
  for (const a of result.activities) {
    if (a.kind !== 'start' || startedHere.has(a.executionId)) continue;
    startedHere.add(a.executionId);
    const row = tx.toRow(R.act, {
      processInstanceId: id,
      activityId: a.elementId,
      activityName: a.name,
      activityType: a.type.replace('bpmn:', ''),
      executionId: a.executionId,
      startTime: options.now.toISOString(),
      endTime: endedAt.has(a.executionId) ? options.now.toISOString() : null,
    });
    started.push({ ...row, create_time: at, update_time: at });
  }
  await tx.insertRows(R.act, started);
  const endedElsewhere = [...endedAt].filter((e) => !startedHere.has(e));
  if (endedElsewhere.length) {
    await tx
      .update(R.act)
      .set({ [col(R.act, 'endTime')]: at, update_time: at })
      .where(col(R.act, 'processInstanceId'), '=', id)
      .where(col(R.act, 'executionId'), 'in', endedElsewhere)
      .where(col(R.act, 'endTime'), 'is', null)
      .execute();
  }
  // an activity that no longer waits is over (a task sent back, the branch a timer cut short)
  const stillWaiting = result.waiting.map((w) => w.executionId);
  let closing = tx
    .update(R.act)
    .set({ [col(R.act, 'endTime')]: at, update_time: at })
    .where(col(R.act, 'processInstanceId'), '=', id)
    .where(col(R.act, 'endTime'), 'is', null);
  if (stillWaiting.length) closing = closing.where(col(R.act, 'executionId'), 'not in', stillWaiting);
  await closing.execute();

  // tasks: the open ones that no longer wait end; user tasks waiting without an open row begin
  const open = (await tx
    .select(R.task)
    .select(['id', col(R.task, 'executionId')])
    .where(col(R.task, 'processInstanceId'), '=', id)
    .where(col(R.task, 'status'), '=', 'open')
    .execute()) as Row[];
  const waitingIds = new Set(result.userTasks.map((w) => w.executionId));
  const openIds = new Set(open.map((t) => String(t[col(R.task, 'executionId')])));
  for (const t of open) {
    const exec = String(t[col(R.task, 'executionId')]);
    if (waitingIds.has(exec)) continue;
    await tx
      .update(R.task)
      .set({ [col(R.task, 'status')]: options.closeAs?.get(exec) ?? 'cancelled', [col(R.task, 'endTime')]: at, update_time: at })
      .where('id', '=', Number(t.id))
      .where(col(R.task, 'status'), '=', 'open')
      .execute();
  }
  for (const w of result.userTasks) {
    if (openIds.has(w.executionId)) continue;
    const info = def.process.elements.get(w.elementId);
    const assignee = resolveAssignee(info?.assignee, result.variables);
    if (info) await checkAssignee(tx, info, assignee);
    const row = tx.toRow(R.task, {
      processInstanceId: id,
      processDefinitionId: Number(def.record.id),
      processName: String(def.record.processName ?? ''),
      taskDefKey: w.elementId,
      name: info?.name ?? w.elementId,
      assignee,
      owner: null,
      delegationState: null,
      executionId: w.executionId,
      formKey: info?.formKey ?? null,
      status: 'open',
      startUserId: String(instance.startUserId ?? ''),
      description: null,
      claimTime: null,
      startTime: options.now.toISOString(),
      endTime: null,
      engineState: result.state,
    });
    row.create_time = at;
    row.update_time = at;
    const taskId = await tx.insert(R.task, row);
    if (!startedHere.has(w.elementId + w.executionId) && !startedHere.has(w.executionId)) {
      // waiting again without starting again: the state it was sent back to
      const act = tx.toRow(R.act, {
        processInstanceId: id,
        activityId: w.elementId,
        activityName: info?.name ?? null,
        activityType: w.type.replace('bpmn:', ''),
        executionId: w.executionId,
        startTime: options.now.toISOString(),
        endTime: null,
      });
      await tx.insert(R.act, { ...act, create_time: at, update_time: at });
    }
    const candidates = [
      ...(info?.candidateUsers ?? []).map((c) => ({ candidateType: 'user', candidate: c })),
      ...(info?.candidateGroups ?? []).map((c) => ({ candidateType: 'group', candidate: c })),
    ];
    if (candidates.length) {
      await tx.insertRows(
        R.cand,
        candidates.map((c) => ({ ...tx.toRow(R.cand, { taskId, ...c }), create_time: at, update_time: at })),
      );
    }
    // the bell of the users the task is for (notification/taskNotice.ts)
    await noticeNewTask(
      tx,
      {
        name: String(info?.name ?? w.elementId),
        processName: String(def.record.processName ?? ''),
        processInstanceId: id,
        assignee,
        candidateUsers: info?.candidateUsers ?? [],
        candidateGroups: info?.candidateGroups ?? [],
      },
      options.now,
      () => undefined,
    );
  }

  // the variable history: every value set by the step
  const details: Row[] = [];
  for (const [name, value] of Object.entries(result.variables)) {
    if (JSON.stringify(before[name]) === JSON.stringify(value)) continue;
    details.push({
      ...tx.toRow(R.detail, {
        processInstanceId: id,
        taskId: options.taskId ?? null,
        variableName: name,
        variableType: typeOf(value),
        variableValue: JSON.stringify(value ?? null),
        time: options.now.toISOString(),
      }),
      create_time: at,
      update_time: at,
    });
  }
  await tx.insertRows(R.detail, details);
}

/** Take a step of a stored instance and store it (in the caller's transaction). */
export async function stepInstance(tx: TenantData, instance: Row, options: StepOptions): Promise<StepResult> {
  if (instance.ended) throw conflict(`Process instance ${String(instance.id)} is over`);
  const def = await loadDefinition(tx, Number(instance.processDefinitionId));
  const before = (instance.variables ?? {}) as Record<string, unknown>;
  const variables = { ...before, ...(options.variables ?? {}) };
  let result: StepResult;
  try {
    result = await runStep({
      process: def.process,
      xml: def.xml,
      state: options.fromState ?? instance.engineState ?? undefined,
      variables,
      action: options.action,
      now: options.now,
    });
  } catch (err) {
    runError(err);
  }
  await storeStep(tx, def, instance, result, before, options);
  return result;
}

/** Start an instance of a definition: insert it and store its first step. */
export async function startInstance(
  tx: TenantData,
  def: Definition,
  startUser: string,
  variables: Record<string, unknown>,
  businessKey: string | null,
  now: Date,
): Promise<number> {
  const R = resources(tx);
  const at = tx.dialect.toDb('datetime', now.toISOString());
  const vars = { ...variables, starter: startUser };
  const row = tx.toRow(R.inst, {
    processDefinitionId: Number(def.record.id),
    processKey: String(def.record.processKey),
    processName: String(def.record.processName),
    businessKey,
    startUserId: startUser,
    suspended: false,
    ended: false,
    status: 'running',
    result: null,
    startTime: now.toISOString(),
    endTime: null,
    variables: {},
    engineState: null,
    revision: 0,
    nextTimerAt: null,
    deleteReason: null,
  });
  row.create_time = at;
  row.update_time = at;
  const id = await tx.insert(R.inst, row);
  let result: StepResult;
  try {
    result = await runStep({ process: def.process, xml: def.xml, variables: vars, now });
  } catch (err) {
    runError(err);
  }
  await storeStep(tx, def, { id, revision: 0, startUserId: startUser }, result, {}, { now });
  return id;
}

/** End an instance without running it further (reject, terminate, delete). */
export async function endInstance(
  tx: TenantData,
  instance: Row,
  outcome: string,
  closeAs: Map<string, string>,
  now: Date,
  reason: string | null,
): Promise<void> {
  const R = resources(tx);
  const at = tx.dialect.toDb('datetime', now.toISOString());
  const id = Number(instance.id);
  const update = tx.toRow(R.inst, {
    engineState: null,
    revision: Number(instance.revision) + 1,
    ended: true,
    status: 'over',
    result: outcome,
    endTime: now.toISOString(),
    nextTimerAt: null,
    deleteReason: reason,
  });
  update.update_time = at;
  const changed = await tx
    .update(R.inst)
    .set(update)
    .where('id', '=', id)
    .where(col(R.inst, 'revision'), '=', Number(instance.revision))
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) throw new InstanceConflict();
  const open = (await tx
    .select(R.task)
    .select(['id', col(R.task, 'executionId')])
    .where(col(R.task, 'processInstanceId'), '=', id)
    .where(col(R.task, 'status'), '=', 'open')
    .execute()) as Row[];
  for (const t of open) {
    await tx
      .update(R.task)
      .set({
        [col(R.task, 'status')]: closeAs.get(String(t[col(R.task, 'executionId')])) ?? 'cancelled',
        [col(R.task, 'endTime')]: at,
        update_time: at,
      })
      .where('id', '=', Number(t.id))
      .execute();
  }
  await tx
    .update(R.act)
    .set({ [col(R.act, 'endTime')]: at, update_time: at })
    .where(col(R.act, 'processInstanceId'), '=', id)
    .where(col(R.act, 'endTime'), 'is', null)
    .execute();
}

/** Run fn in a transaction, again (up to three times) when another step of the instance came first. */
export async function withRetry<T>(data: TenantData, fn: (tx: TenantData) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await data.transaction(fn);
    } catch (err) {
      if (!(err instanceof InstanceConflict) || attempt >= 3) throw err;
    }
  }
}
