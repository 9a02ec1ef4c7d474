/**
 * The workflow calls under /api/activiti (the platform's names): models and their deployment,
 * deployments, process definitions, instances, executions, diagrams, tasks and history.
 * Every read and write goes through the caller's TenantData: another tenant's definitions,
 * instances and tasks are never seen. Engine steps are in instances.ts.
 */
import type { Resource } from '../../schemas/registry/types.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { Principal } from '../access/principal.ts';
import { containsPattern, countAll } from '../access/sqlExpr.ts';
import type { Row } from '../db/anyKysely.ts';
import type { Page } from '../http/envelope.ts';
import { crudHandlers } from '../crud/crudHandlers.ts';
import { EnvelopeResult, RawResult, withPrincipal, type CallContext, type CallHandler } from '../calls/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/apiError.ts';
import { ModelError, parseBpmn, type ParsedProcess } from './bpmnModel.ts';
import { col, endInstance, loadDefinition, loadInstance, resources, startInstance, stepInstance, withRetry } from './instances.ts';
import { diagramSvg } from './diagram.ts';
import { assertFitsForm, checkFormKeys, checkFormSchemas, resolveForm, startFormKey } from './forms.ts';
import { checkPeople, delegateOptions, referableOf } from './modelPeople.ts';
import { callInput, idParam, textParam } from '../grants/grantInput.ts';
import { noteChange } from '../audit/auditTrail.ts';
import type { Services } from '../calls/context.ts';

/** The fields a task answer carries (not the engine's snapshot). */
const HIDDEN = new Set(['engineState', 'bpmnXml', 'formSchemas']);

function present(data: TenantData, r: Resource, row: Row): Row {
  const rec = data.toRecord(r, row);
  const out: Row = { id: Number(row.id) };
  for (const f of r.fields) if (!f.system && !HIDDEN.has(f.name)) out[f.name] = rec[f.name] ?? null;
  out.createTime = rec.createTime ?? null;
  return out;
}

function ids(text: unknown): number[] {
  return String(text ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number);
}

type Query = ReturnType<TenantData['select']>;

/** A page of a query, sorted by the sorter (a field of the resource) or the default. */
async function page(ctx: CallContext, data: TenantData, r: Resource, base: Query, defaultSort: string): Promise<Page<Row>> {
  const currentPage = Number(ctx.query.currentPage ?? 1);
  const pageSize = Number(ctx.query.pageSize ?? 10);
  const sorter = typeof ctx.query.sorter === 'string' && ctx.query.sorter ? ctx.query.sorter : defaultSort;
  const m = /^(.+)_(ascend|descend)$/.exec(sorter);
  const field = m ? r.fieldMap.get(m[1]!) : undefined;
  if (!m || !field || HIDDEN.has(field.name))
    throw badRequest(`Cannot sort by "${sorter}"`, [{ field: 'sorter', message: 'is not a sortable field' }]);
  const direction = m[2] === 'ascend' ? 'asc' : 'desc';
  const count = (await base.select(countAll().as('total')).executeTakeFirst()) as { total: unknown } | undefined;
  const rows = (await base
    .selectAll(r.table)
    .orderBy(`${r.table}.${field.column}`, direction)
    .orderBy(`${r.table}.id`, direction)
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute()) as Row[];
  return {
    list: rows.map((row) => present(data, r, row)),
    pagination: { total: Number(count?.total ?? 0), pageSize, current: currentPage },
  };
}

/** Filters of a query: exact fields and `contains` fields. */
function filtered(
  data: TenantData,
  r: Resource,
  q: Query,
  query: Record<string, unknown>,
  exact: string[],
  contains: string[] = [],
): Query {
  let out = q;
  for (const f of exact)
    if (query[f] !== undefined && query[f] !== '')
      out = out.where(`${r.table}.${col(r, f)}`, '=', data.dialect.toDb(r.fieldMap.get(f)!.type, query[f]));
  for (const f of contains) {
    const v = query[f];
    if (typeof v === 'string' && v !== '') out = out.where(data.dialect.contains(`${r.table}.${col(r, f)}`, containsPattern(v)));
  }
  return out;
}

/** One row by its id, where the query names one (a record route of the console). */
function byId(r: Resource, q: Query, query: Record<string, unknown>): Query {
  return query.id === undefined ? q : q.where(`${r.table}.id`, '=', Number(query.id));
}

// ---------------------------------------------------------------- models and deployments

/** What a model's check reads besides its XML: its forms, and the model it is (its referable users and organisations). */
interface ModelContext {
  services?: Services;
  formSchemas: unknown;
  usedForm: unknown;
  /** The stored model, if any: its referable users and organisations count unless `sent` names others. */
  modelId?: number;
  sent?: { referUserIds?: unknown; referOrgIds?: unknown };
}

/**
 * Check a model's BPMN, that the people of its user tasks are there (modelPeople.ts: roles and
 * users of the tenant, referable when the model names referable users or organisations), and
 * that every form it names is one of its form schemas or a published form.
 */
async function checkModel(data: TenantData, xml: string, model: ModelContext): Promise<ParsedProcess> {
  let process: ParsedProcess;
  try {
    process = await parseBpmn(xml);
  } catch (err) {
    if (err instanceof ModelError) throw badRequest(err.message, [{ field: err.element ?? 'modelXml', message: err.message }]);
    throw err;
  }
  const schemas = checkFormSchemas(withInlineForms(model.formSchemas, process));
  await checkPeople(data, process, await referableOf(data, model.modelId, model.sent));
  if (model.services) await checkFormKeys(model.services, data, process, schemas, model.usedForm);
  return process;
}

/**
 * The model's form schemas with the inline forms of its elements (activiti:formSchema, as the
 * modeler writes them), each under its element's form key: what a deployed definition keeps.
 */
function withInlineForms(formSchemas: unknown, process: ParsedProcess): unknown {
  const inline = [...process.elements.values()].filter((e) => e.formSchema !== undefined && e.formKey);
  if (inline.length === 0) return formSchemas;
  const own = formSchemas && typeof formSchemas === 'object' && !Array.isArray(formSchemas) ? (formSchemas as Record<string, unknown>) : {};
  return { ...own, ...Object.fromEntries(inline.map((e) => [e.formKey!, e.formSchema])) };
}

const SAVED = 'Saved successfully, please deploy';

/** The model as a save sends it (an update that leaves out its forms or referable people keeps the stored ones). */
async function modelOf(ctx: CallContext, data: TenantData): Promise<ModelContext> {
  const body = ctx.body as Row;
  let stored: Row = {};
  if (body.id !== undefined && (!('formSchemas' in body) || !('usedForm' in body))) {
    const model = data.resource('Model');
    const row = (await data.select(model).selectAll().where('id', '=', Number(body.id)).executeTakeFirst()) as Row | undefined;
    if (row) stored = data.toRecord(model, row);
  }
  return {
    services: ctx.services,
    formSchemas: 'formSchemas' in body ? body.formSchemas : stored.formSchemas,
    usedForm: 'usedForm' in body ? body.usedForm : stored.usedForm,
    modelId: body.id === undefined ? undefined : Number(body.id),
    sent: { referUserIds: body.referUserIds, referOrgIds: body.referOrgIds },
  };
}

const addModel: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const xml = (ctx.body as Row).modelXml;
  checkFormSchemas((ctx.body as Row).formSchemas);
  if (typeof xml === 'string' && xml.trim()) await checkModel(data, xml, await modelOf(ctx, data));
  return new EnvelopeResult(await crudHandlers['crud.add']!(ctx), SAVED);
};

const updateModel: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const xml = (ctx.body as Row).modelXml;
  checkFormSchemas((ctx.body as Row).formSchemas);
  if (typeof xml === 'string' && xml.trim()) await checkModel(data, xml, await modelOf(ctx, data));
  return new EnvelopeResult(await crudHandlers['crud.update']!(ctx), SAVED);
};

/**
 * Deploy a model: a deployment and the next version of its process definition, which keeps the
 * model's form schemas and its start form. Without `services` (the demo data's seed) only the
 * model's own form schemas count as forms.
 */
export async function deployModelRecord(
  tx: TenantData,
  modelId: number,
  now: Date,
  services?: Services,
): Promise<{ deploymentId: number; processDefinitionId: number; processKey: string; version: number }> {
  const model = tx.resource('Model');
  const dep = tx.resource('Deployment');
  const { def } = resources(tx);
  const row = (await tx.select(model).selectAll().where('id', '=', modelId).executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound(`No model ${modelId}`);
  const m = tx.toRecord(model, row);
  const xml = typeof m.modelXml === 'string' ? m.modelXml : '';
  if (!xml.trim()) throw badRequest('The model has no BPMN to deploy', [{ field: 'modelXml', message: 'is empty' }]);
  const process = await checkModel(tx, xml, { services, formSchemas: m.formSchemas, usedForm: m.usedForm, modelId });
  const at = tx.dialect.toDb('datetime', now.toISOString());
  const deploymentId = await tx.insert(dep, {
    ...tx.toRow(dep, { deploymentName: m.modelName, category: m.modelCategory, modelId, deployTime: now.toISOString() }),
    create_time: at,
    update_time: at,
  });
  const last = (await tx
    .select(def)
    .select(col(def, 'version'))
    .where(col(def, 'processKey'), '=', process.processKey)
    .orderBy(col(def, 'version'), 'desc')
    .limit(1)
    .executeTakeFirst()) as Row | undefined;
  const version = Number(last?.[col(def, 'version')] ?? 0) + 1;
  const processDefinitionId = await tx.insert(def, {
    ...tx.toRow(def, {
      processKey: process.processKey,
      processName: process.processName,
      version,
      category: m.modelCategory,
      deploymentId,
      resourceName: `${process.processKey}.bpmn20.xml`,
      suspended: false,
      bpmnXml: xml,
      formSchemas: withInlineForms(m.formSchemas, process) ?? null,
      startFormKey: startFormKey(process, m.usedForm),
    }),
    create_time: at,
    update_time: at,
  });
  await tx
    .update(model)
    .set({ ...tx.toRow(model, { modelVersion: version, deploymentId, deployTime: now.toISOString() }), update_time: at })
    .where('id', '=', modelId)
    .execute();
  return { deploymentId, processDefinitionId, processKey: process.processKey, version };
}

const deployModel: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const answer = await data.transaction((tx) => deployModelRecord(tx, Number(ctx.query.modelId), ctx.services.now(), ctx.services));
  return new EnvelopeResult(answer, 'Deployed successfully');
};

/**
 * The platform's modeler saves its design (process/persistProcess): the model's BPMN XML
 * (`jsonXml`, checked as a model's XML is) and its diagram as SVG (`svgXml`: this server draws
 * diagrams from the XML's diagram interchange, so it keeps none). Parameters in the query string,
 * a form or a JSON body; the platform's plain success answers.
 */
const persistProcess: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const input = callInput(ctx);
  const modelId = idParam(input, 'modelId');
  const xml = input.jsonXml;
  if (typeof xml !== 'string' || !xml.trim()) throw badRequest('jsonXml is required', [{ field: 'jsonXml', message: 'is required' }]);
  const model = data.resource('Model');
  const row = (await data.select(model).selectAll().where('id', '=', modelId).executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound(`No model ${modelId}`);
  const stored = data.toRecord(model, row);
  await checkModel(data, xml, { services: ctx.services, formSchemas: stored.formSchemas, usedForm: stored.usedForm, modelId });
  const at = data.dialect.toDb('datetime', ctx.services.now().toISOString());
  // with its audit row (the model's modelXml before and after), as a save of the model has
  await data.transaction(async (tx) => {
    await tx
      .update(model)
      .set({ ...tx.toRow(model, { modelXml: xml }), update_time: at })
      .where('id', '=', modelId)
      .execute();
    noteChange(ctx.request, model, modelId, { modelXml: stored.modelXml }, { modelXml: xml });
  });
  return undefined;
};

/** The users a task can be delegated to, by organisation (task/queryUsername, modelPeople.ts). */
const queryUsername: CallHandler = async (ctx) => delegateOptions(withPrincipal(ctx).data);

const queryDeployment: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const r = data.resource('Deployment');
  return page(ctx, data, r, filtered(data, r, data.select(r), ctx.query, ['category'], ['deploymentName']), 'deployTime_descend');
};

const deleteDeployment: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const r = data.resource('Deployment');
  const { def, inst } = resources(data);
  await data.transaction(async (tx) => {
    const list = ids(ctx.query.deploymentId);
    const found = (await tx.select(r).select('id').where('id', 'in', list).execute()) as Row[];
    if (found.length !== list.length)
      throw notFound(`No deployment ${list.filter((i) => !found.some((f) => Number(f.id) === i)).join(', ')}`);
    const defs = ((await tx.select(def).select('id').where(col(def, 'deploymentId'), 'in', list).execute()) as Row[]).map((d) =>
      Number(d.id),
    );
    if (defs.length) {
      const running = await tx
        .select(inst)
        .select('id')
        .where(col(inst, 'processDefinitionId'), 'in', defs)
        .where(col(inst, 'ended'), '=', tx.dialect.toDb('boolean', false))
        .limit(1)
        .executeTakeFirst();
      if (running) throw conflict('An instance of this deployment is still running; end it first');
      await tx.delete(def).where('id', 'in', defs).execute();
    }
    await tx.delete(r).where('id', 'in', list).execute();
  });
  return new EnvelopeResult(undefined, 'Deleted successfully');
};

// ---------------------------------------------------------------- process definitions

const queryProcessDefinition: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const { def } = resources(data);
  let q = filtered(data, def, data.select(def), ctx.query, ['processKey', 'category', 'suspended'], ['processName']);
  if (ctx.query.latest === true) {
    const latestIds = (
      (await data
        .select(def)
        .select(['id', col(def, 'processKey'), col(def, 'version')])
        .execute()) as Row[]
    ).reduce((m, row) => {
      const key = String(row[col(def, 'processKey')]);
      const prev = m.get(key);
      if (!prev || Number(row[col(def, 'version')]) > Number(prev[col(def, 'version')])) m.set(key, row);
      return m;
    }, new Map<string, Row>());
    q = q.where(`${def.table}.id`, 'in', [...latestIds.values()].map((r) => Number(r.id)).concat([0]));
  }
  return page(ctx, data, def, q, 'processKey_ascend');
};

function setSuspended(kind: 'def' | 'inst', suspended: boolean, message: string): CallHandler {
  return async (ctx) => {
    const { data } = withPrincipal(ctx);
    const R = resources(data);
    const r = kind === 'def' ? R.def : R.inst;
    const id = Number(kind === 'def' ? ctx.query.processDefinitionId : ctx.query.processInstanceId);
    const row = (await data.select(r).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
    if (!row) throw notFound(`No ${kind === 'def' ? 'process definition' : 'process instance'} ${id}`);
    const rec = data.toRecord(r, row);
    if (kind === 'inst' && rec.ended) throw conflict(`Process instance ${id} is over`);
    if (Boolean(rec.suspended) === suspended) throw conflict(`It is ${suspended ? 'suspended' : 'active'} already`);
    const at = data.dialect.toDb('datetime', ctx.services.now().toISOString());
    const set: Row = { [col(r, 'suspended')]: data.dialect.toDb('boolean', suspended), update_time: at };
    // an instance's revision changes too: a step read before the suspension is not stored after it
    if (kind === 'inst') set[col(r, 'revision')] = Number(rec.revision) + 1;
    await data.update(r).set(set).where('id', '=', id).execute();
    return new EnvelopeResult(undefined, message);
  };
}

/** The form of a definition's start, or of an open task offered to or held by the caller. */
const queryProcessForm: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  if (ctx.query.taskId !== undefined) {
    const task = await loadTask(data, Number(ctx.query.taskId));
    const offered = await personal(data, principal, undefined)
      .select(`${resources(data).task.table}.id`)
      .where(`${resources(data).task.table}.id`, '=', Number(task.id))
      .executeTakeFirst();
    if (!offered) throw forbidden('The task is not yours');
    const definition = await loadDefinition(data, Number(task.processDefinitionId));
    return (await resolveForm(ctx.services, data, definition.record.formSchemas, task.formKey as string | null, ctx.locale)) ?? null;
  }
  if (ctx.query.processDefinitionId === undefined)
    throw badRequest('Name the process definition or task', [
      { field: 'processDefinitionId', message: 'processDefinitionId or taskId is required' },
    ]);
  const definition = await loadDefinition(data, Number(ctx.query.processDefinitionId));
  return (
    (await resolveForm(ctx.services, data, definition.record.formSchemas, definition.record.startFormKey as string | null, ctx.locale)) ??
    null
  );
};

const startProcessInstance: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const body = ctx.body as { processDefinitionId: number; businessKey?: string; variables?: Record<string, unknown> };
  const defId = body.processDefinitionId;
  const definition = await loadDefinition(data, defId);
  if (definition.record.suspended) throw conflict('The process definition is suspended: no instance can be started from it');
  const form = await resolveForm(
    ctx.services,
    data,
    definition.record.formSchemas,
    definition.record.startFormKey as string | null,
    ctx.locale,
  );
  assertFitsForm(form, body.variables ?? {});
  const id = await data.transaction((tx) =>
    startInstance(tx, definition, principal.username, body.variables ?? {}, body.businessKey ?? null, ctx.services.now()),
  );
  const { inst } = resources(data);
  const row = (await data.select(inst).selectAll().where('id', '=', id).executeTakeFirst()) as Row;
  return new EnvelopeResult(present(data, inst, row), 'The process was started');
};

// ---------------------------------------------------------------- instances

const queryProcessInstance: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const { inst } = resources(data);
  let q = filtered(data, inst, data.select(inst), ctx.query, ['processKey', 'startUserId', 'status'], ['processName']);
  if (ctx.query.processInstanceId !== undefined) q = q.where(`${inst.table}.id`, '=', Number(ctx.query.processInstanceId));
  if (ctx.query.mine === true) q = q.where(`${inst.table}.${col(inst, 'startUserId')}`, '=', principal.username);
  else if (!(await ctx.access!.urlGranted('/api/activiti/history/queryHistoricProcessInstance'))) throw forbidden();
  if (ctx.query.mine !== true && ctx.query.status === undefined)
    q = q.where(`${inst.table}.${col(inst, 'ended')}`, '=', data.dialect.toDb('boolean', false));
  return page(ctx, data, inst, q, 'startTime_descend');
};

const deleteProcessInstance: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  for (const id of ids(ctx.query.processInstanceId)) {
    await withRetry(data, async (tx) => {
      const instance = await loadInstance(tx, id);
      if (instance.ended) throw conflict(`Process instance ${id} is over`);
      await endInstance(
        tx,
        instance,
        'deleted',
        new Map(),
        ctx.services.now(),
        typeof ctx.query.reason === 'string' ? ctx.query.reason : null,
      );
    });
  }
  return new EnvelopeResult(undefined, 'Deleted successfully');
};

const queryExecution: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const { act } = resources(data);
  let q = data.select(act).where(`${act.table}.${col(act, 'endTime')}`, 'is', null);
  if (ctx.query.processInstanceId !== undefined)
    q = q.where(`${act.table}.${col(act, 'processInstanceId')}`, '=', Number(ctx.query.processInstanceId));
  const p = await page(ctx, data, act, q, 'startTime_ascend');
  return {
    list: p.list.map((a) => ({
      executionId: a.executionId,
      processInstanceId: a.processInstanceId,
      activityId: a.activityId,
      activityName: a.activityName,
      activityType: a.activityType,
    })),
    pagination: p.pagination,
  };
};

async function definitionOf(ctx: CallContext, data: TenantData): Promise<{ xml: string; process: ParsedProcess; instance?: Row }> {
  if (ctx.query.processInstanceId !== undefined) {
    const instance = await loadInstance(data, Number(ctx.query.processInstanceId));
    const d = await loadDefinition(data, Number(instance.processDefinitionId));
    return { xml: d.xml, process: d.process, instance };
  }
  if (ctx.query.deploymentId === undefined)
    throw badRequest('Name the deployment', [{ field: 'deploymentId', message: 'deploymentId or processInstanceId is required' }]);
  // a deployment holds the one process definition deployed with it
  const { def } = resources(data);
  const row = (await data
    .select(def)
    .select('id')
    .where(col(def, 'deploymentId'), '=', Number(ctx.query.deploymentId))
    .executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound(`No deployment ${String(ctx.query.deploymentId)}`);
  const d = await loadDefinition(data, Number(row.id));
  return { xml: d.xml, process: d.process };
}

const getProcessResource: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  return (await definitionOf(ctx, data)).xml;
};

const getProcessImage: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const { process } = await definitionOf(ctx, data);
  ctx.reply.type('image/svg+xml; charset=utf-8');
  return new RawResult(diagramSvg(process, new Set(), new Set()));
};

/** Finished and current activities of an instance (its activity history). */
async function highlights(data: TenantData, instanceId: number): Promise<{ finished: Set<string>; current: Set<string> }> {
  const { act } = resources(data);
  const rows = (await data
    .select(act)
    .select([col(act, 'activityId'), col(act, 'endTime')])
    .where(col(act, 'processInstanceId'), '=', instanceId)
    .execute()) as Row[];
  const finished = new Set<string>();
  const current = new Set<string>();
  for (const r of rows) (r[col(act, 'endTime')] ? finished : current).add(String(r[col(act, 'activityId')]));
  return { finished, current };
}

const getHighLightedProcessDiagram: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const { process, instance } = await definitionOf(ctx, data);
  await assertMayReadInstance(ctx, data, principal, instance!);
  const { finished, current } = await highlights(data, Number(instance!.id));
  ctx.reply.type('image/svg+xml; charset=utf-8');
  return new RawResult(diagramSvg(process, finished, current));
};

/** The starter, a user who has (had) a task of it, or someone granted the history may read an instance. */
async function assertMayReadInstance(ctx: CallContext, data: TenantData, principal: Principal, instance: Row): Promise<void> {
  if (instance.startUserId === principal.username || principal.isAdmin) return;
  const { task } = resources(data);
  const mine = await data
    .select(task)
    .select('id')
    .where(col(task, 'processInstanceId'), '=', Number(instance.id))
    .where(col(task, 'assignee'), '=', principal.username)
    .limit(1)
    .executeTakeFirst();
  if (mine) return;
  if (await ctx.access!.urlGranted('/api/activiti/history/queryHistoricProcessInstance')) return;
  throw forbidden('You may not see this process instance');
}

// ---------------------------------------------------------------- tasks

const queryTask: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const { task } = resources(data);
  const q = byId(
    task,
    filtered(
      data,
      task,
      data.select(task).where(`${task.table}.${col(task, 'status')}`, '=', 'open'),
      ctx.query,
      ['assignee', 'processInstanceId'],
      ['name'],
    ),
    ctx.query,
  );
  return page(ctx, data, task, q, 'startTime_descend');
};

function personal(data: TenantData, principal: Principal, type: unknown): Query {
  const { task, cand } = resources(data);
  const t = task.table;
  const candidate = (q: Query) =>
    q.where(`${t}.${col(task, 'assignee')}`, 'is', null).where((eb) =>
      eb.exists(
        data
          .select(cand)
          .select(`${cand.table}.id`)
          .whereRef(`${cand.table}.${col(cand, 'taskId')}`, '=', `${t}.id`)
          .where((e2) =>
            e2.or([
              e2.and([
                e2(`${cand.table}.${col(cand, 'candidateType')}`, '=', 'user'),
                e2(`${cand.table}.${col(cand, 'candidate')}`, '=', principal.username),
              ]),
              e2.and([
                e2(`${cand.table}.${col(cand, 'candidateType')}`, '=', 'group'),
                e2(`${cand.table}.${col(cand, 'candidate')}`, 'in', principal.allRoles.length ? principal.allRoles : ['']),
              ]),
            ]),
          ),
      ),
    );
  const open = data.select(task).where(`${t}.${col(task, 'status')}`, '=', 'open');
  if (type === 'assignee') return open.where(`${t}.${col(task, 'assignee')}`, '=', principal.username);
  if (type === 'candidate') return candidate(open);
  return open.where((eb) =>
    eb.or([
      eb(`${t}.${col(task, 'assignee')}`, '=', principal.username),
      eb(`${t}.id`, 'in', candidate(data.select(task).where(`${t}.${col(task, 'status')}`, '=', 'open')).select(`${t}.id`)),
    ]),
  );
}

const queryPersonalTask: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const { task } = resources(data);
  return page(
    ctx,
    data,
    task,
    byId(task, filtered(data, task, personal(data, principal, ctx.query.type), ctx.query, [], ['name']), ctx.query),
    'startTime_descend',
  );
};

const queryFinishedTask: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const { task } = resources(data);
  const q = data
    .select(task)
    .where(`${task.table}.${col(task, 'assignee')}`, '=', principal.username)
    .where(`${task.table}.${col(task, 'status')}`, '!=', 'open');
  return page(ctx, data, task, byId(task, filtered(data, task, q, ctx.query, [], ['name']), ctx.query), 'endTime_descend');
};

export async function loadTask(data: TenantData, id: number): Promise<Row> {
  const { task } = resources(data);
  const row = (await data.select(task).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound(`No task ${id}`);
  return { ...data.toRecord(task, row), id };
}

/** What a task action is given: the platform's query parameters, or the same in a JSON body (the body wins). */
interface TaskInput {
  taskId: number;
  /** The task's process instance, as the platform's client names it: checked against the task's own. */
  processInstanceId?: number;
  comment: string;
  /** The task form's values (a JSON body only). */
  variables?: Record<string, unknown>;
}

function taskInput(ctx: CallContext): TaskInput {
  const input = callInput(ctx);
  const out: TaskInput = {
    taskId: idParam(input, 'taskId'),
    processInstanceId: idParam(input, 'processInstanceId', true),
    comment: textParam(input, 'comment'),
  };
  const body = ctx.body as Row | undefined;
  if (body && typeof body.variables === 'object' && body.variables !== null) out.variables = body.variables as Record<string, unknown>;
  return out;
}

/** The caller's open task of an active instance, or a refusal saying why not. */
async function myOpenTask(
  tx: TenantData,
  principal: Principal,
  id: number,
  processInstanceId?: number,
): Promise<{ task: Row; instance: Row }> {
  const task = await loadTask(tx, id);
  if (processInstanceId !== undefined && Number(task.processInstanceId) !== processInstanceId)
    throw badRequest(`Task ${id} is not of process instance ${processInstanceId}`, [
      { field: 'processInstanceId', message: "is not the task's process instance" },
    ]);
  if (task.status !== 'open') throw conflict(`The task was ${String(task.status)} already`);
  if (task.assignee !== principal.username) throw forbidden(task.assignee ? 'The task is not yours' : 'Claim the task first');
  const instance = await loadInstance(tx, Number(task.processInstanceId));
  if (instance.suspended) throw conflict('The process instance is suspended');
  return { task, instance };
}

async function addComment(tx: TenantData, task: Row, who: { username: string }, action: string, message: string, now: Date): Promise<void> {
  const { comment } = resources(tx);
  const at = tx.dialect.toDb('datetime', now.toISOString());
  await tx.insert(comment, {
    ...tx.toRow(comment, {
      processInstanceId: Number(task.processInstanceId),
      taskId: Number(task.id),
      taskName: task.name,
      username: who.username,
      action,
      message,
      time: now.toISOString(),
    }),
    create_time: at,
    update_time: at,
  });
}

const claimTask: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const { task } = resources(data);
  const id = Number(ctx.query.taskId);
  const offered = (await personal(data, principal, 'candidate')
    .select(`${task.table}.id`)
    .where(`${task.table}.id`, '=', id)
    .executeTakeFirst()) as Row | undefined;
  if (!offered) {
    const t = await loadTask(data, id);
    if (t.status !== 'open') throw conflict(`The task was ${String(t.status)} already`);
    if (t.assignee) throw conflict('The task is already claimed');
    throw forbidden('The task is not offered to you');
  }
  await takeOpenTask(data, principal.username, id, ctx.services.now());
  return new EnvelopeResult(undefined, 'Claimed successfully');
};

/** An open task nobody holds becomes `username`'s (offered to them: checked by the caller). Also the demo data's seed. */
export async function takeOpenTask(data: TenantData, username: string, id: number, now: Date): Promise<void> {
  const { task } = resources(data);
  const at = data.dialect.toDb('datetime', now.toISOString());
  // one claim wins: the update takes the task only while nobody has it
  const done = await data
    .update(task)
    .set({ [col(task, 'assignee')]: username, [col(task, 'claimTime')]: at, update_time: at })
    .where('id', '=', id)
    .where(col(task, 'status'), '=', 'open')
    .where(col(task, 'assignee'), 'is', null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw conflict('The task is already claimed');
}

/** The instance's running state changes: take a step with a task's completion. */
async function finishTask(ctx: CallContext, action: 'complete' | 'resolve'): Promise<void> {
  const { data, principal } = withPrincipal(ctx);
  const body = taskInput(ctx);
  const now = ctx.services.now();
  await withRetry(data, async (tx) => {
    const { task, instance } = await myOpenTask(tx, principal, body.taskId, body.processInstanceId);
    const { task: T } = resources(tx);
    const at = tx.dialect.toDb('datetime', now.toISOString());
    if (action === 'resolve') {
      if (task.delegationState !== 'pending') throw conflict('The task is not delegated to you');
      await tx
        .update(T)
        .set({ [col(T, 'assignee')]: task.owner, [col(T, 'delegationState')]: 'resolved', update_time: at })
        .where('id', '=', body.taskId)
        .where(col(T, 'status'), '=', 'open')
        .execute();
      await addComment(tx, task, principal, 'resolve', body.comment, now);
      if (body.variables && Object.keys(body.variables).length)
        await stepInstance(tx, instance, { variables: body.variables, taskId: body.taskId, now });
      return;
    }
    if (task.delegationState === 'pending') throw conflict('The task is delegated: resolve it back to its owner');
    if (task.formKey) {
      const definition = await loadDefinition(tx, Number(instance.processDefinitionId));
      assertFitsForm(
        await resolveForm(ctx.services, tx, definition.record.formSchemas, String(task.formKey), ctx.locale),
        body.variables ?? {},
      );
    }
    await passOpenTask(tx, principal.username, task, instance, body.comment, body.variables, now);
  });
}

/**
 * Pass an open task held by `username` (checked by the caller, as its form): the task completed,
 * the comment stored, the variables set and the process run on. Also the demo data's seed.
 */
export async function passOpenTask(
  tx: TenantData,
  username: string,
  task: Row,
  instance: Row,
  comment: string,
  variables: Record<string, unknown> | undefined,
  now: Date,
): Promise<void> {
  const { task: T, act } = resources(tx);
  const at = tx.dialect.toDb('datetime', now.toISOString());
  const id = Number(task.id);
  // completing twice: only one update finds the task open
  const done = await tx
    .update(T)
    .set({ [col(T, 'status')]: 'completed', [col(T, 'endTime')]: at, update_time: at })
    .where('id', '=', id)
    .where(col(T, 'status'), '=', 'open')
    .where(col(T, 'assignee'), '=', username)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw conflict('The task was completed already');
  await addComment(tx, task, { username }, 'complete', comment, now);
  await tx
    .update(act)
    .set({ [col(act, 'assignee')]: username, update_time: at })
    .where(col(act, 'processInstanceId'), '=', Number(instance.id))
    .where(col(act, 'executionId'), '=', String(task.executionId))
    .execute();
  await stepInstance(tx, instance, {
    variables,
    taskId: id,
    action: (api) => api.signal(String(task.taskDefKey), String(task.executionId)),
    now,
  });
}

const completeTask: CallHandler = async (ctx) => {
  await finishTask(ctx, 'complete');
  return new EnvelopeResult(undefined, 'Passed successfully');
};

const resolveTask: CallHandler = async (ctx) => {
  await finishTask(ctx, 'resolve');
  return new EnvelopeResult(undefined, 'Resolved successfully');
};

const delegateTask: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const body = taskInput(ctx);
  const assignee = textParam(callInput(ctx), 'assignee');
  const now = ctx.services.now();
  await data.transaction(async (tx) => {
    const { task } = await myOpenTask(tx, principal, body.taskId, body.processInstanceId);
    const user = tx.resource('SysUser');
    if (!(await tx.select(user).select('id').where(col(user, 'username'), '=', assignee).executeTakeFirst()))
      throw badRequest(`No user ${assignee}`, [{ field: 'assignee', message: 'names no user' }]);
    if (assignee === principal.username) throw badRequest('Delegate to someone else', [{ field: 'assignee', message: 'is you' }]);
    const { task: T } = resources(tx);
    const at = tx.dialect.toDb('datetime', now.toISOString());
    const done = await tx
      .update(T)
      .set({
        [col(T, 'owner')]: principal.username,
        [col(T, 'assignee')]: assignee,
        [col(T, 'delegationState')]: 'pending',
        update_time: at,
      })
      .where('id', '=', body.taskId)
      .where(col(T, 'status'), '=', 'open')
      .where(col(T, 'assignee'), '=', principal.username)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw conflict('The task changed meanwhile');
    await addComment(tx, task, principal, 'delegate', body.comment, now);
  });
  return new EnvelopeResult(undefined, 'Delegated successfully');
};

const regressTask: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const body = taskInput(ctx);
  const now = ctx.services.now();
  await withRetry(data, async (tx) => {
    const { task, instance } = await myOpenTask(tx, principal, body.taskId, body.processInstanceId);
    const { task: T } = resources(tx);
    // the user task completed last before this one, with the engine's state as it began waiting
    const prev = (await tx
      .select(T)
      .selectAll()
      .where(col(T, 'processInstanceId'), '=', Number(instance.id))
      .where(col(T, 'status'), '=', 'completed')
      .where(col(T, 'taskDefKey'), '!=', String(task.taskDefKey))
      .orderBy(col(T, 'endTime'), 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()) as Row | undefined;
    if (!prev)
      throw badRequest('There is no user task before this one to send it back to', [
        { field: 'taskId', message: 'has no previous user task' },
      ]);
    const previous = tx.toRecord(T, prev);
    await addComment(tx, task, principal, 'regress', body.comment, now);
    await stepInstance(tx, instance, {
      fromState: previous.engineState,
      closeAs: new Map([[String(task.executionId), 'regressed']]),
      taskId: body.taskId,
      now,
    });
  });
  return new EnvelopeResult(undefined, 'Sent back successfully');
};

function endByTask(outcome: 'rejected' | 'terminated', message: string): CallHandler {
  return async (ctx) => {
    const { data, principal } = withPrincipal(ctx);
    const body = taskInput(ctx);
    const now = ctx.services.now();
    await withRetry(data, async (tx) => {
      const { task, instance } = await myOpenTask(tx, principal, body.taskId, body.processInstanceId);
      await addComment(tx, task, principal, outcome === 'rejected' ? 'reject' : 'terminate', body.comment, now);
      await endInstance(tx, instance, outcome, new Map([[String(task.executionId), outcome]]), now, body.comment);
    });
    return new EnvelopeResult(undefined, message);
  };
}

const queryTaskComment: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const { comment } = resources(data);
  let instanceId = ctx.query.processInstanceId as number | undefined;
  if (ctx.query.taskId !== undefined) instanceId = Number((await loadTask(data, Number(ctx.query.taskId))).processInstanceId);
  if (instanceId === undefined)
    throw badRequest('Name the process instance or task', [
      { field: 'processInstanceId', message: 'processInstanceId or taskId is required' },
    ]);
  await assertMayReadInstance(ctx, data, principal, await loadInstance(data, instanceId));
  let q = data.select(comment).selectAll().where(col(comment, 'processInstanceId'), '=', instanceId);
  if (ctx.query.taskId !== undefined) q = q.where(col(comment, 'taskId'), '=', Number(ctx.query.taskId));
  const rows = (await q.orderBy(col(comment, 'time'), 'asc').orderBy('id', 'asc').execute()) as Row[];
  return rows.map((row) => present(data, comment, row));
};

// ---------------------------------------------------------------- history

const queryHistoricProcessInstance: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const { inst } = resources(data);
  let q = filtered(data, inst, data.select(inst), ctx.query, ['processKey', 'startUserId'], ['processName']);
  if (ctx.query.processInstanceId !== undefined) q = q.where(`${inst.table}.id`, '=', Number(ctx.query.processInstanceId));
  return page(ctx, data, inst, q, 'startTime_descend');
};

const deleteHistoricProcessInstance: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const R = resources(data);
  await data.transaction(async (tx) => {
    const list = ids(ctx.query.processInstanceId);
    const rows = ((await tx.select(R.inst).selectAll().where('id', 'in', list).execute()) as Row[]).map((r) => tx.toRecord(R.inst, r));
    if (rows.length !== list.length) throw notFound(`No process instance ${list.join(', ')}`);
    if (rows.some((r) => !r.ended)) throw conflict('A running instance cannot be deleted from the history; end it first');
    const taskIds = ((await tx.select(R.task).select('id').where(col(R.task, 'processInstanceId'), 'in', list).execute()) as Row[]).map(
      (r) => Number(r.id),
    );
    if (taskIds.length) await tx.delete(R.cand).where(col(R.cand, 'taskId'), 'in', taskIds).execute();
    for (const r of [R.task, R.act, R.detail, R.comment]) await tx.delete(r).where(col(r, 'processInstanceId'), 'in', list).execute();
    await tx.delete(R.inst).where('id', 'in', list).execute();
  });
  return new EnvelopeResult(undefined, 'Deleted successfully');
};

const queryHistoricActivityInstance: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const { act } = resources(data);
  let q = data.select(act);
  if (ctx.query.processInstanceId !== undefined) {
    await assertMayReadInstance(ctx, data, principal, await loadInstance(data, Number(ctx.query.processInstanceId)));
    q = q.where(`${act.table}.${col(act, 'processInstanceId')}`, '=', Number(ctx.query.processInstanceId));
  } else if (!(await ctx.access!.urlGranted('/api/activiti/history/queryHistoricProcessInstance'))) throw forbidden();
  return page(ctx, data, act, q, 'startTime_ascend');
};

const queryHistoricDetail: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const { detail } = resources(data);
  let q = data.select(detail);
  if (ctx.query.processInstanceId !== undefined)
    q = q.where(`${detail.table}.${col(detail, 'processInstanceId')}`, '=', Number(ctx.query.processInstanceId));
  return page(ctx, data, detail, q, 'time_ascend');
};

const queryHistoricVariableInstance: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  if (ctx.query.processInstanceId === undefined) return [];
  const instance = await loadInstance(data, Number(ctx.query.processInstanceId));
  const vars = (instance.variables ?? {}) as Record<string, unknown>;
  return Object.entries(vars).map(([name, value]) => ({
    processInstanceId: Number(instance.id),
    variableName: name,
    variableType: value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value,
    variableValue: JSON.stringify(value ?? null),
  }));
};

const queryHistoricTaskInstance: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const { task } = resources(data);
  return page(
    ctx,
    data,
    task,
    byId(task, filtered(data, task, data.select(task), ctx.query, ['assignee', 'processInstanceId'], ['name']), ctx.query),
    'startTime_descend',
  );
};

const deleteHistoricTaskInstance: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const { task, cand } = resources(data);
  await data.transaction(async (tx) => {
    const list = ids(ctx.query.id);
    const rows = ((await tx.select(task).selectAll().where('id', 'in', list).execute()) as Row[]).map((r) => tx.toRecord(task, r));
    if (rows.length !== list.length) throw notFound(`No task ${list.join(', ')}`);
    if (rows.some((r) => r.status === 'open')) throw conflict('An open task cannot be deleted from the history');
    await tx.delete(cand).where(col(cand, 'taskId'), 'in', list).execute();
    await tx.delete(task).where('id', 'in', list).execute();
  });
  return new EnvelopeResult(undefined, 'Deleted successfully');
};

export const workflowHandlers: Record<string, CallHandler> = {
  'workflow.addModel': addModel,
  'workflow.updateModel': updateModel,
  'workflow.deployModel': deployModel,
  'workflow.persistProcess': persistProcess,
  'workflow.queryUsername': queryUsername,
  'workflow.queryDeployment': queryDeployment,
  'workflow.deleteDeployment': deleteDeployment,
  'workflow.queryProcessDefinition': queryProcessDefinition,
  'workflow.suspendProcessDefinition': setSuspended('def', true, 'Suspended successfully'),
  'workflow.activateProcessDefinition': setSuspended('def', false, 'Activated successfully'),
  'workflow.queryProcessForm': queryProcessForm,
  'workflow.startProcessInstance': startProcessInstance,
  'workflow.queryProcessInstance': queryProcessInstance,
  'workflow.suspendProcessInstance': setSuspended('inst', true, 'Suspended successfully'),
  'workflow.activateProcessInstance': setSuspended('inst', false, 'Activated successfully'),
  'workflow.deleteProcessInstance': deleteProcessInstance,
  'workflow.queryExecution': queryExecution,
  'workflow.getProcessResource': getProcessResource,
  'workflow.getProcessImage': getProcessImage,
  'workflow.getHighLightedProcessDiagram': getHighLightedProcessDiagram,
  'workflow.queryTask': queryTask,
  'workflow.queryPersonalTask': queryPersonalTask,
  'workflow.queryFinishedTask': queryFinishedTask,
  'workflow.queryTaskComment': queryTaskComment,
  'workflow.claimTask': claimTask,
  'workflow.completeTask': completeTask,
  'workflow.delegateTask': delegateTask,
  'workflow.resolveTask': resolveTask,
  'workflow.regressTask': regressTask,
  'workflow.rejectTask': endByTask('rejected', 'Rejected successfully'),
  'workflow.terminateTask': endByTask('terminated', 'Terminated successfully'),
  'workflow.queryHistoricProcessInstance': queryHistoricProcessInstance,
  'workflow.deleteHistoricProcessInstance': deleteHistoricProcessInstance,
  'workflow.queryHistoricActivityInstance': queryHistoricActivityInstance,
  'workflow.queryHistoricDetail': queryHistoricDetail,
  'workflow.queryHistoricVariableInstance': queryHistoricVariableInstance,
  'workflow.queryHistoricTaskInstance': queryHistoricTaskInstance,
  'workflow.deleteHistoricTaskInstance': deleteHistoricTaskInstance,
};
