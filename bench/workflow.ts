/**
 * The workflow engine (docs/workflow.md), in one run on SQLite:
 *   - throughput: `instances` instances of a two-step process (two user tasks in a row) started
 *     and completed through the API (start, read the open task, complete it, twice), against
 *     the same engine run in memory without persistence (server-mock/workflow/engineRun.ts: the
 *     same steps, the state kept in a variable instead of the database), in the same run
 *     (target: at least 0.25x the in-memory throughput);
 *   - the latency of a task completion with `users` clients completing tasks at once: p50, p99
 *     and the slowest.
 * Beside them, the CPU time of an engine step in memory and of a task completion (server and
 * clients share this process): figures that other load on the machine disturbs less than
 * the wall-clock ones.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer } from '../server-mock/app/startServer.ts';
import { parseBpmn } from '../server-mock/workflow/bpmnModel.ts';
import { runStep } from '../server-mock/workflow/engineRun.ts';
import { signIn } from '../tests/api/harness.ts';

const A = '/api/activiti';
/** Requests in flight while the instances are run through the API. */
const API_CONCURRENCY = 8;

const TWO_STEP = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:activiti="http://activiti.org/bpmn" targetNamespace="http://example.com/bpmn">
<process id="benchTwoStep" name="Two steps" isExecutable="true">
<startEvent id="start"/><userTask id="first" name="First" activiti:assignee="admin"/><userTask id="second" name="Second" activiti:assignee="admin"/><endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="first"/><sequenceFlow id="f2" sourceRef="first" targetRef="second"/><sequenceFlow id="f3" sourceRef="second" targetRef="end"/>
</process></definitions>`;

interface Envelope<T> {
  code: number;
  data: T;
}

async function call<T>(url: string, token: string, method: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as Envelope<T>).data;
}

/** Milliseconds of CPU (user and system) this process spent since `since`. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** The in-memory baseline: each instance's steps on the engine, its state kept in a variable. */
async function inMemory(instances: number): Promise<{ rate: number; cpuPerStep: number }> {
  const process = await parseBpmn(TWO_STEP);
  const now = new Date();
  const cpu = globalThis.process.cpuUsage();
  let steps = 0;
  const began = performance.now();
  for (let i = 0; i < instances; i++) {
    let step = await runStep({ process, xml: TWO_STEP, variables: {}, now });
    steps += 1;
    while (!step.ended) {
      const task = step.userTasks[0];
      if (!task) throw new Error('the two-step process waits at no user task');
      step = await runStep({
        process,
        xml: TWO_STEP,
        state: step.state,
        variables: step.variables,
        action: (api) => api.signal(task.elementId, task.executionId),
        now,
      });
      steps += 1;
    }
  }
  return { rate: instances / ((performance.now() - began) / 1000), cpuPerStep: cpuMs(cpu) / steps };
}

/** Runs `count` jobs, `concurrency` at a time. */
async function pool(count: number, concurrency: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) await job(i);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function benchWorkflow(options: { instances: number; users: number }): Promise<void> {
  console.log(
    `\nWorkflow on SQLite: ${options.instances} instances of a two-step process through the API, against the same engine in memory; task completion with ${options.users} users at once`,
  );
  const { rate: memory, cpuPerStep } = await inMemory(options.instances);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-workflow-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, quiet: true, staticDir: join(dataDir, 'none'), env: {} });
  try {
    const token = await signIn(server.url, 'demo', 'admin');
    const api = <T>(method: string, path: string, body?: unknown) => call<T>(`${server.url}${A}${path}`, token, method, body);
    const orgs = await call<{ list: { id: number }[] }>(`${server.url}/api/admin/sysorg/querySysOrg?pageSize=1`, token, 'GET');
    const model = await api<{ id: number }>('POST', '/model/addModel', {
      modelName: 'Bench two steps',
      modelCategory: 'bench',
      orgId: orgs.list[0]!.id,
      modelXml: TWO_STEP,
    });
    const { processDefinitionId } = await api<{ processDefinitionId: number }>('POST', `/model/deployModel?modelId=${model.id}`);
    const start = () => api<{ id: number }>('POST', '/process/startProcessInstance', { processDefinitionId, variables: {} });
    const openTask = async (instance: number) => {
      const page = await api<{ list: { id: number; status: string }[] }>(
        'GET',
        `/task/queryTask?processInstanceId=${instance}&pageSize=10`,
      );
      return page.list.find((t) => t.status === 'open');
    };
    const complete = (task: number) => api('POST', '/task/completeTask', { taskId: task, comment: 'bench' });

    const began = performance.now();
    await pool(options.instances, API_CONCURRENCY, async () => {
      const { id } = await start();
      for (let task = await openTask(id); task; task = await openTask(id)) await complete(task.id);
    });
    const throughput = options.instances / ((performance.now() - began) / 1000);
    console.log(`  in memory (engine only)       ${memory.toFixed(1).padStart(8)} instances/s  (CPU ${cpuPerStep.toFixed(2)} ms a step)`);
    console.log(
      `  through the API (persisted)   ${throughput.toFixed(1).padStart(8)} instances/s  (${(throughput / memory).toFixed(2)}x in memory; target 0.25x)`,
    );

    // latency: every user completes tasks of instances of their own, all at once
    const perUser = 4;
    const tasks: number[][] = [];
    for (let u = 0; u < options.users; u++) {
      const mine: number[] = [];
      for (let i = 0; i < perUser; i++) mine.push((await openTask((await start()).id))!.id);
      tasks.push(mine);
    }
    const times: number[] = [];
    const cpu = process.cpuUsage();
    await Promise.all(
      tasks.map(async (mine) => {
        for (const task of mine) {
          const t0 = performance.now();
          await complete(task);
          times.push(performance.now() - t0);
        }
      }),
    );
    const cpuPerCompletion = cpuMs(cpu) / times.length;
    times.sort((a, b) => a - b);
    console.log(
      `  task completion, ${options.users} at once  p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, slowest ${times.at(-1)!.toFixed(1)} ms (${times.length} completions; CPU ${cpuPerCompletion.toFixed(2)} ms each, server and clients in this process)`,
    );
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
