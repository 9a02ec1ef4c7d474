/**
 * The workflow content every demo tenant starts with (written once, with the rest of the demo
 * data, on an empty database; each tenant through its own TenantData):
 *
 * - the model "Leave request": an editor approves, then the requester confirms; its start form
 *   (`leave`, a JSON Schema of the model) asks for the days and the reason;
 * - the model "Purchase request": an administrator reviews, an administrator approves the
 *   payment, then the requester orders; its start form (`purchase`) asks for the item and the
 *   amount;
 * - both deployed, and instances in every state the pages show: the administrator's leave
 *   requests waiting for an editor, waiting for the administrator's confirmation after the
 *   editor's approval, and one over (every step passed, with comments and variables); the
 *   editor's leave request waiting for an editor; purchase requests waiting for an administrator's
 *   review, for an administrator's approval (one offered, one claimed) and for the editor's
 *   order. A tenant without the user `editor` gets the models and the administrator's requests
 *   waiting for a first step only.
 */
import type { TenantData } from '../access/tenantData.ts';
import { deployModelRecord, loadTask, passOpenTask, takeOpenTask } from './workflowHandlers.ts';
import { col, loadDefinition, loadInstance, resources, startInstance } from './instances.ts';
import type { Row } from '../db/anyKysely.ts';

export const DEMO_MODEL = {
  modelName: 'Leave request',
  modelCategory: 'office',
  modelDescription: 'A leave request: an editor approves it, then the requester confirms',
  usedForm: 'leave',
  formSchemas: {
    leave: {
      type: 'object',
      additionalProperties: false,
      required: ['days', 'reason'],
      properties: {
        days: { type: 'integer', title: 'Days', minimum: 1, maximum: 30 },
        reason: { type: 'string', title: 'Reason', minLength: 1, maxLength: 200 },
      },
    },
  },
  modelXml: `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:activiti="http://activiti.org/bpmn" targetNamespace="http://example.com/bpmn">
  <process id="leave" name="Leave request" isExecutable="true">
    <startEvent id="start" name="Request" activiti:formKey="leave"/>
    <userTask id="approve" name="Approve" activiti:candidateGroups="ROLE_EDITOR"/>
    <userTask id="confirm" name="Confirm" activiti:assignee="\${starter}"/>
    <endEvent id="end" name="Done"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
    <sequenceFlow id="f2" sourceRef="approve" targetRef="confirm"/>
    <sequenceFlow id="f3" sourceRef="confirm" targetRef="end"/>
  </process>
</definitions>`,
};

const DEMO_PURCHASE_MODEL = {
  modelName: 'Purchase request',
  modelCategory: 'purchase',
  modelDescription: 'A purchase request: an administrator reviews it, then the requester orders',
  usedForm: 'purchase',
  formSchemas: {
    purchase: {
      type: 'object',
      additionalProperties: false,
      required: ['item', 'amount'],
      properties: {
        item: { type: 'string', title: 'Item', minLength: 1, maxLength: 100 },
        amount: { type: 'number', title: 'Amount', minimum: 0 },
      },
    },
  },
  modelXml: `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:activiti="http://activiti.org/bpmn" targetNamespace="http://example.com/bpmn">
  <process id="purchase" name="Purchase request" isExecutable="true">
    <startEvent id="start" name="Request" activiti:formKey="purchase"/>
    <userTask id="review" name="Review" activiti:candidateGroups="ROLE_ADMIN"/>
    <userTask id="pay" name="Approve payment" activiti:candidateGroups="ROLE_ADMIN"/>
    <userTask id="order" name="Order" activiti:assignee="\${starter}"/>
    <endEvent id="end" name="Ordered"/>
    <sequenceFlow id="p1" sourceRef="start" targetRef="review"/>
    <sequenceFlow id="p2" sourceRef="review" targetRef="pay"/>
    <sequenceFlow id="p3" sourceRef="pay" targetRef="order"/>
    <sequenceFlow id="p4" sourceRef="order" targetRef="end"/>
  </process>
</definitions>`,
};

const HOUR_MS = 3_600_000;

/** The open task of an instance (the demo processes wait at one task at a time). */
async function openTaskOf(tx: TenantData, instanceId: number): Promise<Row> {
  const { task } = resources(tx);
  const row = (await tx
    .select(task)
    .select('id')
    .where(col(task, 'processInstanceId'), '=', instanceId)
    .where(col(task, 'status'), '=', 'open')
    .executeTakeFirstOrThrow()) as Row;
  return loadTask(tx, Number(row.id));
}

/** `username` claims the instance's open task when nobody holds it, and passes it with a comment. */
async function pass(tx: TenantData, instanceId: number, username: string, comment: string, at: Date): Promise<void> {
  let task = await openTaskOf(tx, instanceId);
  if (!task.assignee) {
    await takeOpenTask(tx, username, Number(task.id), at);
    task = await loadTask(tx, Number(task.id));
  }
  await passOpenTask(tx, username, task, await loadInstance(tx, instanceId), comment, {}, at);
}

/**
 * The demo models, deployed, and their instances (above). `insertModel` writes a model record
 * (the seed's insert); `orgId` is the models' organisation.
 */
export async function seedDemoWorkflow(
  tx: TenantData,
  insertModel: (record: Row) => Promise<number>,
  orgId: number,
  usernames: ReadonlySet<string>,
  now: Date,
): Promise<void> {
  const deployed = async (model: Row) => {
    const modelId = await insertModel({ ...model, orgId, modelVersion: 0 });
    const { processDefinitionId } = await deployModelRecord(tx, modelId, now);
    return loadDefinition(tx, processDefinitionId);
  };
  const leave = await deployed(DEMO_MODEL);
  const purchase = await deployed(DEMO_PURCHASE_MODEL);
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const start = (def: typeof leave, user: string, variables: Row, key: string | null, hours: number) =>
    startInstance(tx, def, user, variables, key, ago(hours));

  if (usernames.has('editor')) {
    // over: approved by the editor, confirmed by its starter
    const done = await start(leave, 'admin', { days: 3, reason: 'Spring holiday' }, 'LEAVE-001', 72);
    await pass(tx, done, 'editor', 'Approved: the team is covered', ago(70));
    await pass(tx, done, 'admin', 'Thank you', ago(69));
    // approved by the editor, waiting for the administrator's confirmation
    const approved = await start(leave, 'admin', { days: 1, reason: 'Moving house' }, 'LEAVE-002', 48);
    await pass(tx, approved, 'editor', 'Approved', ago(46));
    await start(leave, 'editor', { days: 4, reason: 'Site training' }, 'LEAVE-003', 40);
    // the editor's purchase requests: approved (waiting for the editor's order), reviewed (the
    // payment offered to the administrators), and one whose payment the administrator claimed
    const ordered = await start(purchase, 'editor', { item: 'Rebar gauges', amount: 860 }, 'PUR-001', 30);
    await pass(tx, ordered, 'admin', 'Within the budget', ago(28));
    await pass(tx, ordered, 'admin', 'Paid from the site budget', ago(27));
    const reviewed = await start(purchase, 'editor', { item: 'Concrete test moulds', amount: 1450 }, 'PUR-002', 20);
    await pass(tx, reviewed, 'admin', 'Needed for the tests of the bridge deck', ago(19));
    const claimed = await start(purchase, 'editor', { item: 'Safety helmets', amount: 320 }, 'PUR-003', 12);
    await pass(tx, claimed, 'admin', 'Reviewed', ago(11));
    await takeOpenTask(tx, 'admin', Number((await openTaskOf(tx, claimed)).id), ago(10));
  }
  // waiting for a first step: an administrator's review, an editor's approval
  await start(purchase, 'admin', { item: 'Survey drone', amount: 2400 }, 'PUR-004', 2);
  await start(leave, 'admin', { days: 2, reason: 'Family visit' }, null, 0);
}
