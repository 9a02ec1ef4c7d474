/**
 * Alarms of a job (docs/jobs.md#alarms): when a run of the job fails for good (its retries
 * spent, its timeout passed, the process running it gone), its alarm users (`notifyUserIds`)
 * get a message in their bell, and its `webhook`, on a host the tenant allows the scheduler to
 * call, gets the run as JSON. An alarm that cannot be sent is logged; the run stays recorded.
 */
import type { TenantData } from '../access/tenantData.ts';
import type { Row } from '../db/anyKysely.ts';
import { addressMessage, escapeHtml } from '../notification/taskNotice.ts';
import type { Job } from './jobRecords.ts';
import { assertAllowedHost } from './processors.ts';
import { WEBHOOK_TIMEOUT_MS } from './timing.ts';

export interface FailedRun {
  instanceId: number;
  result: string;
  finishedTime: string;
}

/** The ids in a job's `notifyUserIds` that name users of the tenant. */
async function alarmUsers(data: TenantData, job: Job): Promise<number[]> {
  const ids = [
    ...new Set(
      (job.notifyUserIds ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => /^[1-9][0-9]{0,15}$/.test(s))
        .map(Number),
    ),
  ];
  if (!ids.length) return [];
  const user = data.resource('SysUser');
  const rows = (await data.select(user).select(`${user.table}.id`).where(`${user.table}.id`, 'in', ids).execute()) as Row[];
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Sends the alarms of a failed run: the bell message (its own transaction) and the webhook. */
export async function alarmFailedRun(
  data: TenantData,
  job: Job,
  run: FailedRun,
  now: Date,
  log: (err: unknown, what: string) => void,
): Promise<void> {
  try {
    const users = await alarmUsers(data, job);
    const title = `${job.jobName} failed`;
    const content = `<p>${escapeHtml(title)} (run #${run.instanceId})</p><p>${escapeHtml(run.result.slice(0, 1000))}</p>`;
    if (users.length)
      await data.transaction((tx) =>
        addressMessage(tx, users, { title, content, publisher: 'scheduler' }, 'notification', now, (err) => log(err, 'alarm notice')),
      );
  } catch (err) {
    log(err, 'alarm message');
  }
  const hook = job.webhook?.trim();
  if (!hook) return;
  try {
    const url = new URL(hook);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`The webhook ${hook} is not an http or https address`);
    await assertAllowedHost(data, url);
    const body = JSON.stringify({
      jobId: job.id,
      jobName: job.jobName,
      instanceId: run.instanceId,
      status: 'FAILED',
      result: run.result,
      finishedTime: run.finishedTime,
    });
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    if (res.status < 200 || res.status >= 300) throw new Error(`The webhook answered HTTP ${res.status}`);
  } catch (err) {
    log(err, 'alarm webhook');
  }
}
