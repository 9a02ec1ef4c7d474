/**
 * The scheduler's timing (docs/jobs.md, "How it runs"), in one place.
 *
 * A process does not poll: after each round it sleeps until the earliest of the next due
 * firing, the end of the earliest lease of a running instance (to take it over if its process
 * died), and `IDLE_CAP_MS`. A call that adds, changes or fires a job, or stops or retries an
 * instance, wakes the scheduler of the process it reaches at once; the cap bounds how late a
 * process learns of a change made through another process on the same database.
 */

/** How long a claimed instance's lease lasts (ms) before another process may take it over. */
export const LEASE_MS = 10_000;
/** How often the process running an instance renews its lease (ms). */
export const LEASE_RENEW_MS = 1000;
/** The longest the scheduler sleeps between two rounds with nothing due (ms). */
export const IDLE_CAP_MS = 5000;
/**
 * Due job firings claimed per round: a second's firings of many jobs are claimed together, so
 * that the last of them is not late by the rounds before it.
 */
export const FIRE_BATCH = 1000;
/** Workflow firings and instances to run claimed per round. */
export const BATCH = 100;
/** Instances one process runs at once. */
export const MAX_RUNNING = 64;
/** How long an alarm webhook may take to answer (ms). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How long a worker counts as live after its last heartbeat (ms); a task it runs is leased as long. */
export const WORKER_LEASE_MS = 10_000;
/** How often a worker is told to send a heartbeat (ms). */
export const WORKER_HEARTBEAT_MS = 2000;
/** How often a run on workers looks at its tasks (ms). */
export const TASK_POLL_MS = 250;
/**
 * How long a waiting task of a run on workers may find no live worker that may take it (none
 * at all, or none meeting the job's requirements) before it fails, and its instance with it (ms).
 * As long as `WORKER_LEASE_MS`: a worker starting or coming back has as long to report as a silent one stays live.
 */
export const DISPATCH_WAIT_MS = 10_000;
