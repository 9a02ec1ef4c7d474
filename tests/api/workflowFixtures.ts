/** BPMN models and helpers shared by the workflow API tests. */
import { expect } from 'vitest';
import type { client, Envelope, PageData } from './harness.ts';

export type Api = ReturnType<typeof client>;
export type Rec = Record<string, unknown>;

export const A = '/api/activiti';

const head = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:activiti="http://activiti.org/bpmn" targetNamespace="http://example.com/bpmn">`;

export function bpmn(processKey: string, body: string, name = processKey): string {
  return `${head}<process id="${processKey}" name="${name}" isExecutable="true">${body}</process></definitions>`;
}

const flow = (id: string, from: string, to: string, condition?: string) =>
  condition
    ? `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><conditionExpression xsi:type="tFormalExpression">${condition}</conditionExpression></sequenceFlow>`
    : `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`;

/**
 * The two-step approval: a first approval offered to ROLE_EDITOR and to the user visitor, then
 * in parallel the second approval (admin) and an audit counter (a service task); after the
 * join, amounts over 1000 need the director's approval (the starter).
 */
export const APPROVAL = bpmn(
  'approval',
  `<startEvent id="start" name="Apply"/>
  <userTask id="first" name="First approval" activiti:candidateGroups="ROLE_EDITOR" activiti:candidateUsers="visitor"/>
  <parallelGateway id="fork"/>
  <userTask id="second" name="Second approval" activiti:assignee="admin"/>
  <serviceTask id="audit" name="Audit" activiti:class="increment" activiti:resultVariable="audits"/>
  <parallelGateway id="join"/>
  <exclusiveGateway id="amountCheck" name="Amount" default="small"/>
  <userTask id="director" name="Director approval" activiti:assignee="\${starter}"/>
  <endEvent id="end" name="Done"/>
  ${flow('f1', 'start', 'first')}${flow('f2', 'first', 'fork')}${flow('f3', 'fork', 'second')}${flow('f4', 'fork', 'audit')}
  ${flow('f5', 'second', 'join')}${flow('f6', 'audit', 'join')}${flow('f7', 'join', 'amountCheck')}
  ${flow('large', 'amountCheck', 'director', '${amount &gt; 1000}')}${flow('small', 'amountCheck', 'end')}${flow('f8', 'director', 'end')}`,
  'Two-step approval',
);

/** A loop with no wait state: the counter never stops it. */
export const LOOP = bpmn(
  'looping',
  `<startEvent id="start"/><serviceTask id="count" activiti:class="increment" activiti:resultVariable="n"/>
  <exclusiveGateway id="again" default="out"/><endEvent id="end"/>
  ${flow('f1', 'start', 'count')}${flow('f2', 'count', 'again')}${flow('back', 'again', 'count', '${n &gt; 0}')}${flow('out', 'again', 'end')}`,
);

/**
 * Timers: a task with a boundary timer (escalates after `boundary`) and, before it, an
 * intermediate timer (`wait`).
 */
export function timers(processKey: string, wait: string, boundary: string): string {
  return bpmn(
    processKey,
    `<startEvent id="start"/>
    <intermediateCatchEvent id="pause" name="Pause"><timerEventDefinition><timeDuration>${wait}</timeDuration></timerEventDefinition></intermediateCatchEvent>
    <userTask id="handle" name="Handle" activiti:assignee="admin"/>
    <boundaryEvent id="late" name="Late" attachedToRef="handle"><timerEventDefinition><timeDuration>${boundary}</timeDuration></timerEventDefinition></boundaryEvent>
    <userTask id="escalated" name="Escalated" activiti:assignee="admin"/>
    <endEvent id="end"/><endEvent id="end2"/>
    ${flow('f1', 'start', 'pause')}${flow('f2', 'pause', 'handle')}${flow('f3', 'handle', 'end')}${flow('f4', 'late', 'escalated')}${flow('f5', 'escalated', 'end2')}`,
  );
}

/** Two user tasks in parallel (admin's and editor's), then one after the join. */
export const PARALLEL = bpmn(
  'parallel',
  `<startEvent id="start"/><parallelGateway id="fork"/>
  <userTask id="a" name="Left" activiti:assignee="admin"/><userTask id="b" name="Right" activiti:assignee="editor"/>
  <parallelGateway id="join"/><userTask id="after" name="After" activiti:assignee="admin"/><endEvent id="end"/>
  ${flow('f1', 'start', 'fork')}${flow('f2', 'fork', 'a')}${flow('f3', 'fork', 'b')}${flow('f4', 'a', 'join')}${flow('f5', 'b', 'join')}${flow('f6', 'join', 'after')}${flow('f7', 'after', 'end')}`,
);

/** A user task only: instances wait there. */
export const SIMPLE = bpmn(
  'simple',
  `<startEvent id="start"/><userTask id="only" name="Only" activiti:assignee="admin"/><endEvent id="end"/>${flow('f1', 'start', 'only')}${flow('f2', 'only', 'end')}`,
);

export function ok<T = unknown>(res: { status: number; body: unknown }): T {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as Envelope<T>).data as T;
}

/** The id of an organisation of the caller's tenant (a model's required organisation). */
export async function orgOf(api: Api): Promise<number> {
  const res = await api.get<Envelope<PageData>>('/api/admin/sysorg/querySysOrg', { pageSize: 1 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Number(res.body.data!.list[0]!.id);
}

/** Add and deploy a model; answers the process definition's id. */
export async function deploy(api: Api, xml: string, name = 'Model'): Promise<number> {
  const added = await api.post<Envelope<Rec>>(`${A}/model/addModel`, {
    modelName: name,
    modelCategory: 'test',
    orgId: await orgOf(api),
    modelXml: xml,
  });
  expect(added.body.message).toBe('Saved successfully, please deploy');
  const model = ok<Rec>(added);
  const deployed = ok<Rec>(await api.post(`${A}/model/deployModel`, undefined, { modelId: Number(model.id) }));
  return Number(deployed.processDefinitionId);
}

export async function start(api: Api, processDefinitionId: number, variables: Rec = {}): Promise<number> {
  return Number(ok<Rec>(await api.post(`${A}/process/startProcessInstance`, { processDefinitionId, variables })).id);
}

export async function tasks(api: Api, params: Record<string, string | number> = {}): Promise<Rec[]> {
  return ok<PageData>(await api.get(`${A}/task/queryPersonalTask`, { pageSize: 100, ...params })).list;
}

/** Tasks of an instance, open and ended, oldest first. */
export async function instanceTasks(api: Api, processInstanceId: number): Promise<Rec[]> {
  return ok<PageData>(
    await api.get(`${A}/history/queryHistoricTaskInstance`, { processInstanceId, pageSize: 100, sorter: 'startTime_ascend' }),
  ).list;
}

export async function instance(api: Api, processInstanceId: number): Promise<Rec> {
  const list = ok<PageData>(await api.get(`${A}/history/queryHistoricProcessInstance`, { processInstanceId })).list;
  expect(list).toHaveLength(1);
  return list[0]!;
}

export async function activities(api: Api, processInstanceId: number): Promise<Rec[]> {
  return ok<PageData>(await api.get(`${A}/history/queryHistoricActivityInstance`, { processInstanceId, pageSize: 1000 })).list;
}

/** The deployment a process definition came with. */
export async function deploymentOf(api: Api, definitionId: number): Promise<number> {
  const definitions = ok<PageData>(await api.get(`${A}/process/queryProcessDefinition`, { pageSize: 10000 })).list;
  return Number(definitions.find((d) => d.id === definitionId)!.deploymentId);
}
