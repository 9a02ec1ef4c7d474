/**
 * One step of a process instance on bpmn-engine: the instance is recovered from its stored
 * state (or started), resumed, given the step's action (a task's signal), and run until every
 * path waits (a user task, a timer) or the process is over. Nothing stays in memory between
 * steps: the caller stores what a step returns (state, variables, waits, history) in one
 * transaction, so any server process can take the next step, and a restarted one resumes
 * every instance from the database.
 *
 * Timers are not run by the engine's own setTimeout here: the step records when each waiting
 * timer is due (`nextTimerAt`), and the server's timer loop (timerLoop.ts) takes a step of the
 * instance once it is; the engine then finds the timer due on resume and fires it.
 */
import { EventEmitter } from 'node:events';
import { Engine, type BpmnEngineOptions } from 'bpmn-engine';
import { BpmnModdle } from 'bpmn-moddle';
import { engineExpressions } from './expressions.ts';
import type { ParsedProcess } from './bpmnModel.ts';
import { SERVICE_HANDLERS } from './serviceHandlers.ts';

/**
 * Most activities one step may start: a loop without a wait state is stopped here. The engine
 * runs a step as one synchronous chain of calls, so a limit much higher would meet the
 * JavaScript stack's first (also reported as a loop, runError in instances.ts).
 */
const STEP_LIMIT = 100;

export class StepLimitError extends Error {
  constructor(readonly element: string) {
    super(
      `The process ran more than ${STEP_LIMIT} activities without waiting (last at "${element}"): it loops without a wait state and was stopped`,
    );
  }
}

interface Waiting {
  elementId: string;
  executionId: string;
  type: string;
}

interface ActivityEvent {
  kind: 'start' | 'end';
  elementId: string;
  type: string;
  name: string | null;
  executionId: string;
}

export interface StepResult {
  state: unknown;
  variables: Record<string, unknown>;
  ended: boolean;
  /** User tasks waiting after the step. */
  userTasks: Waiting[];
  /** Every activity waiting after the step (user tasks, timers, ...). */
  waiting: Waiting[];
  nextTimerAt: Date | null;
  activities: ActivityEvent[];
}

export interface StepInput {
  process: ParsedProcess;
  xml: string;
  /** Stored state; none: a new instance. */
  state?: unknown;
  variables: Record<string, unknown>;
  /** What to do once resumed (signal a user task). */
  action?: (api: StepApi) => void;
  now: Date;
}

export interface StepApi {
  /** Complete the waiting user task with this execution id. */
  signal(elementId: string, executionId: string): void;
}

/**
 * The definitions read from their XML and serialised for the engine, by XML: a step builds a new
 * engine each time, and reading and serialising the XML again for each would be most of a step's
 * work. A definition's XML never changes (a new version is a new definition), so the serialised
 * context is shared by the steps of every instance of it; the engine only reads it.
 */
const contexts = new Map<string, Promise<unknown>>();
const CONTEXTS_KEPT = 100;
const moddle = new BpmnModdle();

/** The engine's logger, silent unless DEBUG names its loggers (each element of each step makes some). */
const SILENT_LOGGER = () => ({ debug: () => undefined, error: () => undefined, warn: () => undefined });
const logger = () => (process.env.DEBUG ? {} : { Logger: SILENT_LOGGER });

async function serialisedContext(xml: string): Promise<unknown> {
  const read = await moddle.fromXML(xml.trim());
  // an engine serialises the moddle context as it loads it: the loaded definition keeps it
  const definitions = (await new Engine({ moddleContext: read, ...logger() } as BpmnEngineOptions).getDefinitions()) as unknown as {
    context: { definitionContext: unknown };
  }[];
  const context = definitions[0]?.context.definitionContext as { id?: string } | undefined;
  if (!context) throw new Error('The definition holds no BPMN definitions');
  // recover() finds a definition's context by the id its state names: the engine's own default
  // ("Def") for definitions without one
  context.id ??= 'Def';
  return context;
}

function sourceContextOf(xml: string): Promise<unknown> {
  let context = contexts.get(xml);
  if (!context) {
    context = serialisedContext(xml);
    context.catch(() => contexts.delete(xml));
    if (contexts.size >= CONTEXTS_KEPT) contexts.delete(contexts.keys().next().value!);
    contexts.set(xml, context);
  }
  return context;
}

/**
 * The engine's state without the definition: getState() copies the serialised definition into
 * each definition's state, and recover() would read it back from there. The definition is the
 * deployed XML the instance names, so the stored state leaves it out and a step recovers with
 * the definition's own context (a state stored with its copy still recovers from the copy).
 */
function withoutSource(state: unknown): unknown {
  const s = state as { definitions?: Record<string, unknown>[] };
  if (!Array.isArray(s.definitions)) return state;
  return { ...s, definitions: s.definitions.map(({ source: _source, ...rest }) => rest) };
}

/** Timers of the engine that record instead of waiting (see the top of this file). */
function recordingTimers() {
  const none = () => undefined;
  return {
    executing: [],
    register: () => ({ setTimeout: (..._args: unknown[]) => ({}), clearTimeout: none }),
    setTimeout: (..._args: unknown[]) => ({}),
    clearTimeout: none,
  };
}

interface EngineApi {
  id: string;
  type: string;
  name?: string;
  executionId: string;
  content: { expireAt?: string | Date; [k: string]: unknown };
  discard(): void;
}

interface EngineExecution {
  getPostponed(): EngineApi[];
  signal(message: { id: string; executionId?: string }): void;
  definitions: {
    environment: { variables: Record<string, unknown>; assignVariables(v: Record<string, unknown>): void };
    getActivityById(id: string): { run(): void } | null;
  }[];
}

function isActivity(type: string): boolean {
  return !type.endsWith('EventDefinition') && type !== 'bpmn:Process' && type !== 'bpmn:Definitions';
}

/** Run one step (see the top of this file). */
export async function runStep(input: StepInput): Promise<StepResult> {
  const { process, now } = input;
  const activities: ActivityEvent[] = [];
  const timers = new Map<string, Date>();
  let started = 0;
  let limitHit: string | undefined;
  let failure: Error | undefined;
  const listener = new EventEmitter();
  // eslint-disable-next-line prefer-const -- assigned once the engine exists, read by the listeners
  let engine: Engine;
  const variables = (): Record<string, unknown> =>
    (engine.execution as unknown as EngineExecution | undefined)?.definitions[0]?.environment.variables ?? {};

  listener.on('activity.start', (api: EngineApi) => {
    if (!isActivity(api.type)) return;
    started += 1;
    if (started > STEP_LIMIT) {
      limitHit ??= api.id;
      // thrown inside the engine's synchronous run: it unwinds the loop at once
      throw new StepLimitError(api.id);
    }
    activities.push({
      kind: 'start',
      elementId: api.id,
      type: api.type,
      name: process.elements.get(api.id)?.name ?? api.name ?? null,
      executionId: api.executionId,
    });
  });
  for (const event of ['activity.end', 'activity.discard']) {
    listener.on(event, (api: EngineApi) => {
      if (!isActivity(api.type)) return;
      activities.push({
        kind: 'end',
        elementId: api.id,
        type: api.type,
        name: process.elements.get(api.id)?.name ?? null,
        executionId: api.executionId,
      });
    });
  }
  listener.on('activity.timer', (api: EngineApi) => {
    if (api.content.expireAt) timers.set(api.id, new Date(api.content.expireAt));
  });
  listener.on('activity.error', (api: EngineApi & { content: { error?: Error } }) => {
    failure = api.content.error instanceof Error ? api.content.error : new Error(`Element "${api.id}" failed`);
  });

  const extensions = {
    builtIn(activity: { id: string; type: string; behaviour: Record<string, unknown> }) {
      if (activity.type === 'bpmn:ServiceTask') {
        const info = process.elements.get(activity.id);
        activity.behaviour.Service = function BuiltInService() {
          return {
            execute(_message: unknown, callback: (err: Error | null, output?: unknown) => void) {
              try {
                const handler = SERVICE_HANDLERS[info?.handler ?? ''];
                if (!handler) throw new Error(`Service task "${activity.id}" names no built-in handler`);
                const set = handler({ variables: variables(), resultVariable: info?.resultVariable, expression: info?.expression, now });
                (engine.execution as unknown as EngineExecution).definitions[0]?.environment.assignVariables(set);
                callback(null, set);
              } catch (err) {
                callback(err instanceof Error ? err : new Error(String(err)));
              }
            },
          };
        };
      }
      return { activate() {}, deactivate() {} };
    },
  };

  const options = {
    name: process.processKey,
    sourceContext: await sourceContextOf(input.xml),
    ...logger(),
    expressions: engineExpressions,
    timers: recordingTimers(),
    extensions,
    // script tasks and script conditions are refused at deploy; the engine gets no script to run,
    // so a condition is always an expression (engineExpressions)
    scripts: { register: () => undefined, getScript: () => undefined },
  };
  // the engine's option types do not describe the Timers, Expressions and Scripts interfaces as
  // bpmn-elements calls them; these objects implement those interfaces
  engine = new Engine(options as unknown as BpmnEngineOptions);
  const engineError = new Promise<never>((_, reject) => engine.once('error', (err: Error) => reject(err)));
  engineError.catch(() => undefined);
  let execution: EngineExecution;
  if (input.state === undefined) {
    execution = (await engine.execute({ listener, variables: input.variables })) as unknown as EngineExecution;
  } else {
    engine.recover(input.state as Parameters<Engine['recover']>[0]);
    // the stored variables are the instance's: they win over the state's copy
    for (const d of (engine.execution as unknown as EngineExecution).definitions) d.environment.assignVariables(input.variables);
    execution = (await engine.resume({ listener })) as unknown as EngineExecution;
  }
  const waitingNow = (): Waiting[] => execution.getPostponed().map((a) => ({ elementId: a.id, executionId: a.executionId, type: a.type }));
  if (input.action && !limitHit && !failure) {
    input.action({
      signal: (elementId, executionId) => execution.signal({ id: elementId, executionId }),
    });
  }
  // everything runs synchronously on the engine's broker; let any queued callback settle. The
  // turn of the event loop also reads the requests that arrived meanwhile, so that they queue
  // for the database in the order they came rather than after every step already queued
  await new Promise((resolve) => setImmediate(resolve));
  if (limitHit) throw new StepLimitError(limitHit);
  if (failure) throw failure;
  const waiting = waitingNow();
  const ended = waiting.length === 0;
  const userTasks = waiting.filter((w) => w.type === 'bpmn:UserTask');
  let nextTimerAt: Date | null = null;
  for (const w of waiting) {
    const due = timers.get(w.elementId);
    if (due && (!nextTimerAt || due < nextTimerAt)) nextTimerAt = due;
  }
  // every path waits or the process is over: nothing of the engine runs on, nothing needs
  // stopping, and its state is not changed after this (it is stored as JSON)
  const state = ended ? null : withoutSource(await engine.getState());
  const vars = { ...variables() };
  return {
    state,
    variables: vars,
    ended,
    userTasks,
    waiting,
    nextTimerAt,
    activities,
  };
}
