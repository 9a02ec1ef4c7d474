/**
 * The server's side of the engine's timers and of a restart. At start every waiting instance
 * is resumed from the database (recovered and run: a timer that fell due while the server was
 * down fires then, once); afterwards, every WORKFLOW_TIMER_INTERVAL_MS, the instances whose
 * next timer is due are. Each is a step stored under the instance's revision
 * (instances.ts): when two server processes take the same due instance, one step is stored
 * and the other is dropped, so a timer fires once.
 *
 * Timers are due on the wall clock: the engine computes them with it.
 */
import type { Services } from '../calls/context.ts';
import { loadInstance, stepInstance, InstanceConflict, withRetry } from './instances.ts';

const WORKFLOW_TIMER_INTERVAL_MS = 1000;
/** Instances resumed per round. */
const BATCH = 100;

type LoopServices = Pick<Services, 'system' | 'log'>;

/** Take a step of each waiting instance (due by `dueBy`, or all); answers how many were stepped. */
async function resumeWaiting(services: LoopServices, dueBy: Date | undefined): Promise<number> {
  let stepped = 0;
  let afterId = 0;
  for (;;) {
    const batch = (await services.system.waitingWorkflowInstances(dueBy, dueBy ? BATCH : 100_000)).filter(
      (i) => dueBy !== undefined || i.id > afterId,
    );
    if (!batch.length) return stepped;
    for (const { tenantCode, id } of batch) {
      afterId = Math.max(afterId, id);
      const data = services.system.tenant(tenantCode);
      try {
        await withRetry(data, async (tx) => {
          const instance = await loadInstance(tx, id);
          if (instance.ended || instance.suspended) return;
          await stepInstance(tx, instance, { now: new Date() });
        });
        stepped += 1;
      } catch (err) {
        if (!(err instanceof InstanceConflict))
          services.log?.error({ err, tenantCode, instance: id }, 'A process instance could not be resumed');
      }
    }
    if (!dueBy) return stepped;
    if (batch.length < BATCH) return stepped;
  }
}

/** Resume every waiting instance now, then fire due timers periodically; answers the stop. */
export function startWorkflowTimers(
  services: LoopServices,
  intervalMs = WORKFLOW_TIMER_INTERVAL_MS,
): { stop: () => Promise<void>; ready: Promise<void> } {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const round = (dueBy: Date | undefined) => {
    running = resumeWaiting(services, dueBy).catch((err: unknown) => services.log?.error({ err }, 'Workflow timers failed'));
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void round(new Date()).then(schedule), intervalMs);
    timer.unref();
  };
  const ready = round(undefined).then(() => schedule());
  return {
    ready,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
