/**
 * Start and task forms (docs/workflow.md, Forms): a form is a JSON Schema of the model or a
 * published resource document; the variables of a start or a task's completion are checked
 * against it on the server, a refusal names each field and changes nothing; a model naming a
 * form that is neither is refused at save, naming the element.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signIn, startTestServer, type Envelope, type TestServer } from './harness.ts';
import { publishContract } from './documentFixture.ts';
import { A, bpmn, instance, instanceTasks, ok, orgOf, tasks, type Api, type Rec } from './workflowFixtures.ts';

let server: TestServer;
let admin: Api;
let editor: Api;

const REQUEST = {
  type: 'object',
  additionalProperties: false,
  required: ['amount', 'purpose'],
  properties: { amount: { type: 'number', minimum: 1 }, purpose: { type: 'string', minLength: 3 } },
};
const REVIEW = {
  type: 'object',
  required: ['approved'],
  properties: { approved: { type: 'boolean' }, note: { type: 'string', maxLength: 10 } },
};

const FORMED = bpmn(
  'formed',
  `<startEvent id="start" activiti:formKey="request"/>
  <userTask id="review" name="Review" activiti:assignee="editor" activiti:formKey="review"/>
  <userTask id="sign" name="Sign" activiti:assignee="admin" activiti:formKey="Contract"/>
  <endEvent id="end"/>
  <sequenceFlow id="f1" sourceRef="start" targetRef="review"/><sequenceFlow id="f2" sourceRef="review" targetRef="sign"/>
  <sequenceFlow id="f3" sourceRef="sign" targetRef="end"/>`,
);

type Failure = { status: number; body: Envelope & { errors?: { field: string; keyword?: string }[] } };
const fields = (res: Failure) => (res.body.errors ?? []).map((e) => e.field).sort();

let definitionId: number;
/** An organisation of tenant demo (a model's required organisation). */
let org: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
  await publishContract(admin, ['ROLE_EDITOR']);
  org = await orgOf(admin);
  const model = ok<Rec>(
    await admin.post(`${A}/model/addModel`, {
      modelName: 'Formed',
      modelCategory: 'test',
      orgId: org,
      modelXml: FORMED,
      formSchemas: { request: REQUEST, review: REVIEW },
    }),
  );
  definitionId = Number(ok<Rec>(await admin.post(`${A}/model/deployModel`, undefined, { modelId: Number(model.id) })).processDefinitionId);
});

afterAll(async () => {
  await server?.stop();
});

describe('a model naming forms', () => {
  it('is refused when a form is neither its schema nor a published form, naming the element', async () => {
    const res = (await admin.post(`${A}/model/addModel`, {
      modelName: 'Unknown form',
      modelCategory: 'test',
      orgId: org,
      modelXml: FORMED,
      formSchemas: { request: REQUEST },
    })) as Failure;
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('"review"');
    expect(fields(res)).toEqual(['review']);
  });

  it('is refused when a form schema is not a JSON Schema of an object', async () => {
    const res = (await admin.post(`${A}/model/addModel`, {
      modelName: 'Bad schema',
      modelCategory: 'test',
      orgId: org,
      modelXml: FORMED,
      formSchemas: { request: { type: 'object', properties: { a: { type: 'nonsense' } } }, review: REVIEW },
    })) as Failure;
    expect(res.status).toBe(400);
    expect(fields(res)).toEqual(['formSchemas.request']);
  });

  it('answers the start form and a task form to the console', async () => {
    const form = ok<Rec>(await editor.get(`${A}/process/queryProcessForm`, { processDefinitionId: definitionId }));
    expect(form).toMatchObject({ formKey: 'request', schema: REQUEST });
    // the seeded leave request: its start form is the model's schema
    const defs = ok<{ list: Rec[] }>(await editor.get(`${A}/process/queryProcessDefinition`, { processKey: 'leave' })).list;
    const leave = ok<Rec>(await editor.get(`${A}/process/queryProcessForm`, { processDefinitionId: Number(defs[0]!.id) }));
    expect(leave.formKey).toBe('leave');
    expect((leave.schema as { required: string[] }).required).toEqual(['days', 'reason']);
  });
});

describe('starting with a form', () => {
  it('refuses variables that do not fit, naming each field, and starts nothing', async () => {
    const before = ok<{ pagination: { total: number } }>(
      await admin.get(`${A}/history/queryHistoricProcessInstance`, { processKey: 'formed' }),
    );
    const res = (await admin.post(`${A}/process/startProcessInstance`, {
      processDefinitionId: definitionId,
      variables: { amount: 0, extra: 1 },
    })) as Failure;
    expect(res.status).toBe(400);
    expect(fields(res)).toEqual(['amount', 'extra', 'purpose']);
    const after = ok<{ pagination: { total: number } }>(
      await admin.get(`${A}/history/queryHistoricProcessInstance`, { processKey: 'formed' }),
    );
    expect(after.pagination.total).toBe(before.pagination.total);
  });

  it('checks each task form before the task completes; a document form by its record schema', async () => {
    const id = Number(
      ok<Rec>(
        await admin.post(`${A}/process/startProcessInstance`, {
          processDefinitionId: definitionId,
          variables: { amount: 120, purpose: 'Laptop' },
        }),
      ).id,
    );
    const review = (await tasks(editor, { type: 'assignee' })).find((t) => t.processInstanceId === id)!;
    expect(review.formKey).toBe('review');
    const form = ok<Rec>(await editor.get(`${A}/process/queryProcessForm`, { taskId: Number(review.id) }));
    expect(form).toMatchObject({ formKey: 'review', schema: REVIEW });
    // the admin is neither its assignee nor a candidate
    expect((await admin.get(`${A}/process/queryProcessForm`, { taskId: Number(review.id) })).status).toBe(403);

    const bad = (await editor.post(`${A}/task/completeTask`, {
      taskId: review.id,
      comment: 'ok',
      variables: { approved: 'yes', note: 'far too long a note' },
    })) as Failure;
    expect(bad.status).toBe(400);
    expect(fields(bad)).toEqual(['approved', 'note']);
    expect((await instanceTasks(admin, id)).map((t) => [t.name, t.status])).toEqual([['Review', 'open']]);

    ok(await editor.post(`${A}/task/completeTask`, { taskId: review.id, comment: 'ok', variables: { approved: true } }));
    const sign = (await tasks(admin, { type: 'assignee' })).find((t) => t.processInstanceId === id)!;
    expect(sign.name).toBe('Sign');
    const contract = ok<Rec>(await admin.get(`${A}/process/queryProcessForm`, { taskId: Number(sign.id) }));
    expect(contract.formKey).toBe('Contract');
    const missing = (await admin.post(`${A}/task/completeTask`, {
      taskId: sign.id,
      comment: 'signed',
      variables: { contractCode: 'X' },
    })) as Failure;
    expect(missing.status).toBe(400);
    expect(fields(missing)).toEqual(['contractCode', 'contractName']);
    ok(
      await admin.post(`${A}/task/completeTask`, {
        taskId: sign.id,
        comment: 'signed',
        variables: { contractCode: 'C123', contractName: 'Laptop lease' },
      }),
    );
    expect(await instance(admin, id)).toMatchObject({ status: 'over' });
  });

  it('refuses a pass without a comment', async () => {
    const res = (await admin.post(`${A}/task/completeTask`, { taskId: 1, comment: '' })) as Failure;
    expect(res.status).toBe(400);
    expect(fields(res)).toEqual(['comment']);
  });
});

describe('an inline form (activiti:formSchema, as the modeler writes it)', () => {
  const schema = { type: 'object', required: ['days'], properties: { days: { type: 'integer', minimum: 1 } } };
  const inline = (text: string) =>
    bpmn(
      'inline',
      `<startEvent id="begin" activiti:formSchema="${text.replace(/"/g, '&quot;')}"/>
  <userTask id="check" name="Check" activiti:assignee="editor"/><endEvent id="done"/>
  <sequenceFlow id="f1" sourceRef="begin" targetRef="check"/><sequenceFlow id="f2" sourceRef="check" targetRef="done"/>`,
    );

  it("is the element's form under its id: the start is checked against it", async () => {
    const model = ok<Rec>(
      await admin.post(`${A}/model/addModel`, {
        modelName: 'Inline',
        modelCategory: 'test',
        orgId: org,
        modelXml: inline(JSON.stringify(schema)),
      }),
    );
    const deployed = ok<Rec>(await admin.post(`${A}/model/deployModel`, undefined, { modelId: Number(model.id) }));
    const processDefinitionId = Number(deployed.processDefinitionId);
    expect(ok<Rec>(await admin.get(`${A}/process/queryProcessForm`, { processDefinitionId }))).toMatchObject({ formKey: 'begin', schema });
    const bad = (await admin.post(`${A}/process/startProcessInstance`, { processDefinitionId, variables: { days: 0 } })) as Failure;
    expect(bad.status).toBe(400);
    expect(fields(bad)).toEqual(['days']);
    ok(await admin.post(`${A}/process/startProcessInstance`, { processDefinitionId, variables: { days: 2 } }));
  });

  it('is refused at save when it is not JSON or not a schema of an object, naming the element', async () => {
    const notJson = (await admin.post(`${A}/model/addModel`, {
      modelName: 'Bad',
      modelCategory: 'test',
      orgId: org,
      modelXml: inline('{days'),
    })) as Failure;
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toContain('"begin"');
    const notObject = (await admin.post(`${A}/model/addModel`, {
      modelName: 'Bad',
      modelCategory: 'test',
      orgId: org,
      modelXml: inline(JSON.stringify({ type: 'string' })),
    })) as Failure;
    expect(notObject.status).toBe(400);
    expect(fields(notObject)).toEqual(['formSchemas.begin']);
  });
});
