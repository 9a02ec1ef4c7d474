/**
 * The demo tenants' scheduler content: an app, a housekeeping job every night at 03:00 (the
 * tenant's time zone; run once at the first start), a job fired by the API that publishes a notification, and a workflow
 * of the two.
 */
import type { Row } from '../db/anyKysely.ts';
import { firstFiring, type TimeType } from './schedule.ts';

export async function seedDemoJobs(insert: (resource: string, record: Row) => Promise<number>, now: Date): Promise<void> {
  await insert('AppInfo', { appName: 'console', appDescription: 'The built-in processors of this server' });
  await insert('AppInfo', { appName: 'reports', appDescription: 'Report workers (external processors)' });
  const job = (record: Row) => {
    const next = firstFiring(
      { timeExpressionType: record.timeExpressionType as TimeType, timeExpression: (record.timeExpression as string) ?? null },
      now,
      'UTC',
    );
    return insert('JobInfo', {
      appName: 'console',
      executeType: 'STANDALONE',
      processorType: 'BUILT_IN',
      maxInstanceNum: 1,
      concurrency: 1,
      instanceTimeLimit: 600_000,
      instanceRetryNum: 0,
      taskRetryNum: 0,
      minCpuCores: 0,
      minMemorySpace: 0,
      minDiskSpace: 0,
      maxWorkerCount: 0,
      enable: true,
      ...record,
      nextTriggerTime: next ? next.toISOString() : null,
    });
  };
  const housekeeping = await job({
    jobName: 'Nightly housekeeping',
    jobDescription: 'Deletes expired sessions and job instances ended more than 30 days ago',
    timeExpressionType: 'CRON',
    timeExpression: '0 0 3 * * *',
    processorInfo: 'housekeeping',
    jobParams: '{"instanceDays": 30}',
  });
  // the first start runs it once, so that the instances page has a run to show
  await insert('JobInstance', {
    jobId: housekeeping,
    jobName: 'Nightly housekeeping',
    appName: 'console',
    status: 'WAITING_DISPATCH',
    triggerType: 'API',
    expectedTriggerTime: now.toISOString(),
    actualTriggerTime: now.toISOString(),
    runningTimes: 0,
  });
  const notice = await job({
    jobName: 'Maintenance notice',
    jobDescription: 'Publishes a notice to everyone when fired',
    timeExpressionType: 'API',
    processorInfo: 'notification',
    jobParams:
      '{"title": "Maintenance tonight", "content": "The console is read-only from 22:00 to 22:30.", "type": "notice", "priority": 2}',
  });
  await insert('WorkflowInfo', {
    wfName: 'Notice, then housekeeping',
    wfDescription: 'Publishes the maintenance notice, then cleans up',
    appName: 'console',
    timeExpressionType: 'API',
    maxWfInstanceNum: 1,
    enable: true,
    nodes: [
      { nodeId: 1, nodeName: 'Notice', jobId: notice, enable: true, skipWhenFailed: false },
      { nodeId: 2, nodeName: 'Housekeeping', jobId: housekeeping, enable: true, skipWhenFailed: true },
    ],
    edges: [{ from: 1, to: 2 }],
  });
}
