/**
 * A worker of the job scheduler (docs/jobs.md, "External workers"): registers with an app of a
 * tenant using an app client's credentials, sends heartbeats with its machine's resources (CPU
 * cores, free memory, free disk: the server gives it only the tasks of jobs whose minimums they
 * meet), pulls its tasks over HTTP, runs each with the processor the job names and reports
 * progress and results. No dependency beyond Node (fetch); `worker/main.ts` starts one from the
 * command line with the example processors.
 */
import { statfs } from 'node:fs/promises';
import { availableParallelism, cpus, freemem } from 'node:os';

/** A task as the server hands it out (pullJobTasks). */
export interface PulledTask {
  taskId: number;
  instanceId: number;
  jobId: number;
  jobName: string | null;
  kind: 'STANDALONE' | 'BROADCAST' | 'ROOT' | 'MAP' | 'REDUCE';
  taskName: string;
  seq: number;
  executeType: string | null;
  processor: string | null;
  jobParams: string | null;
  instanceParams: string | null;
  payload: string | null;
  attempt: number;
}

export interface TaskContext {
  task: PulledTask;
  /** The instance's parameters when it was fired with some, else the job's, as JSON (`{}` when empty or not JSON). */
  params: Record<string, unknown>;
  /** The task's payload: a sub-task's value from the root's `subTasks`; a reduce task's is the sub-tasks' results in order. */
  payload: unknown;
  /** This worker's address. */
  address: string;
  /** Fires when the run was canceled (stopped, timed out) or the worker stops. */
  signal: AbortSignal;
  /** Report progress (a short text, shown in the instance's task list). */
  progress(text: string): Promise<void>;
}

/** A processor's answer: a result text, and for a root task the sub-tasks to spread over the workers. */
type ProcessorAnswer = string | { result?: string; subTasks?: unknown[] };

/**
 * A worker-side processor (the job's `processorInfo` names it). `process` runs a STANDALONE or
 * BROADCAST task and each sub-task of a MAP job; `map` runs the root task of a MAP or
 * MAP_REDUCE job and answers the sub-tasks; `reduce` gets every sub-task's result.
 */
export interface WorkerProcessor {
  process(ctx: TaskContext): Promise<ProcessorAnswer>;
  map?(ctx: TaskContext): Promise<ProcessorAnswer>;
  reduce?(ctx: TaskContext, results: string[]): Promise<string>;
}

export interface WorkerOptions {
  /** The server, e.g. http://127.0.0.1:3000 */
  server: string;
  tenantCode: string;
  appName: string;
  /** An app client of the tenant that allows the client_credentials grant. */
  clientCode: string;
  clientSecret: string;
  /** How this worker is named on the app page (default host:pid). */
  address: string;
  processors: Record<string, WorkerProcessor>;
  /** Tasks run at once (default 4). */
  concurrency?: number;
  /** How long to wait before pulling again when there was nothing to do (ms, default 300). */
  pollMs?: number;
  /** The folder whose file system's free space is reported as the worker's free disk (default the working folder). */
  diskPath?: string;
  log?: (line: string) => void;
}

interface Envelope<T> {
  status: number;
  message: string;
  data?: T;
}

/** A call the server refused: its HTTP status and message. */
class WorkerCallError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
  }
}

const parseJson = (text: string | null): unknown => {
  if (!text?.trim()) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** The resources a worker reports: CPU cores, free memory and free disk in bytes (the disk left out when it cannot be read). */
async function machineResources(diskPath = process.cwd()): Promise<{ cpuCores: number; freeMemory: number; freeDisk?: number }> {
  // os.cpus() can be empty where /proc/cpuinfo is not readable
  const out = { cpuCores: cpus().length || availableParallelism(), freeMemory: freemem() };
  try {
    const fs = await statfs(diskPath);
    return { ...out, freeDisk: Math.min(fs.bavail * fs.bsize, Number.MAX_SAFE_INTEGER) };
  } catch {
    return out;
  }
}

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export class JobWorker {
  private token = '';
  /** The id the server gave this worker at registration. */
  workerId = 0;
  private heartbeatMs = 2000;
  private readonly running = new Map<number, AbortController>();
  private readonly runs = new Set<Promise<void>>();
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private loop: Promise<void> = Promise.resolve();

  constructor(private readonly options: WorkerOptions) {}

  private url(call: string): string {
    return `${this.options.server.replace(/\/$/, '')}/api/job/worker/${call}?tenantCode=${encodeURIComponent(this.options.tenantCode)}`;
  }

  private async call<T>(call: string, body: unknown, authorization = `Bearer ${this.token}`): Promise<T> {
    const res = await fetch(this.url(call), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify(body ?? {}),
    });
    const answer = (await res.json()) as Envelope<T>;
    if (!res.ok) throw new WorkerCallError(res.status, answer.message);
    return answer.data as T;
  }

  /** Register with the app (the app client's credentials); answers the worker id. */
  async register(): Promise<number> {
    const basic = Buffer.from(`${this.options.clientCode}:${this.options.clientSecret}`).toString('base64');
    const answer = await this.call<{ workerId: number; token: string; heartbeatMs: number }>(
      'registerJobWorker',
      { appName: this.options.appName, address: this.options.address, ...(await machineResources(this.options.diskPath)) },
      `Basic ${basic}`,
    );
    this.token = answer.token;
    this.workerId = answer.workerId;
    this.heartbeatMs = answer.heartbeatMs;
    return answer.workerId;
  }

  /** Register, then send heartbeats and pull and run tasks until `stop`. */
  async start(): Promise<void> {
    await this.register();
    this.options.log?.(`registered as worker ${this.workerId} of app ${this.options.appName}`);
    const beat = () => {
      if (this.stopped) return;
      void this.heartbeat()
        .catch((err: unknown) => this.options.log?.(`heartbeat failed: ${String(err)}`))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(beat, this.heartbeatMs);
        });
    };
    this.timer = setTimeout(beat, this.heartbeatMs);
    this.loop = this.pullLoop();
  }

  /** Stop pulling and abort the tasks running here (they are not reported: the server gives them to another worker after the lease). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const c of this.running.values()) c.abort(new Error('the worker stops'));
    await this.loop;
    await Promise.allSettled([...this.runs]);
  }

  private async heartbeat(): Promise<void> {
    const { canceled } = await this.call<{ canceled: number[] }>('jobWorkerHeartbeat', {
      running: [...this.running.keys()],
      ...(await machineResources(this.options.diskPath)),
    });
    for (const id of canceled) this.running.get(id)?.abort(new Error('canceled by the server'));
  }

  private async pullLoop(): Promise<void> {
    const concurrency = this.options.concurrency ?? 4;
    const pollMs = this.options.pollMs ?? 300;
    while (!this.stopped) {
      let got = 0;
      const free = concurrency - this.running.size;
      if (free > 0) {
        try {
          const tasks = await this.call<PulledTask[]>('pullJobTasks', { max: free });
          got = tasks.length;
          for (const task of tasks) {
            const run = this.run(task);
            this.runs.add(run);
            void run.finally(() => this.runs.delete(run));
          }
        } catch (err) {
          this.options.log?.(`pull failed: ${String(err)}`);
        }
      }
      if (got === 0 && !this.stopped) await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  private async run(task: PulledTask): Promise<void> {
    const controller = new AbortController();
    this.running.set(task.taskId, controller);
    let report: { success: boolean; result: string; subTasks?: unknown[] };
    try {
      const processor = this.options.processors[task.processor ?? ''];
      if (!processor) throw new Error(`This worker has no processor "${task.processor ?? ''}"`);
      const payload = parseJson(task.payload);
      const ctx: TaskContext = {
        task,
        params: asObject(parseJson(task.instanceParams ?? task.jobParams)),
        payload,
        address: this.options.address,
        signal: controller.signal,
        progress: async (text) => {
          await this.call('reportJobTaskProgress', { taskId: task.taskId, progress: text.slice(0, 255) });
        },
      };
      let answer: ProcessorAnswer;
      if (task.kind === 'ROOT') {
        if (!processor.map) throw new Error(`Processor "${task.processor ?? ''}" does not map`);
        answer = await processor.map(ctx);
      } else if (task.kind === 'REDUCE') {
        if (!processor.reduce) throw new Error(`Processor "${task.processor ?? ''}" does not reduce`);
        answer = await processor.reduce(ctx, Array.isArray(payload) ? payload.map((r) => String(r ?? '')) : []);
      } else answer = await processor.process(ctx);
      const { result, subTasks } = typeof answer === 'string' ? { result: answer, subTasks: undefined } : answer;
      report = { success: true, result: result ?? '', ...(task.kind === 'ROOT' ? { subTasks: subTasks ?? [] } : {}) };
    } catch (err) {
      report = { success: false, result: err instanceof Error ? err.message : String(err) };
    } finally {
      this.running.delete(task.taskId);
    }
    // a task canceled by the server, or left behind by a stopping worker, is not reported
    if (controller.signal.aborted) return;
    try {
      await this.call('reportJobTaskResult', { taskId: task.taskId, ...report });
    } catch (err) {
      this.options.log?.(`the result of task ${task.taskId} was refused: ${String(err)}`);
    }
  }
}
