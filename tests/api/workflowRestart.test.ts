/**
 * Process instances survive the server: instances waiting at a user task and at a timer are
 * resumed from the database by a new server on the same data (built in this process, and a
 * real server process killed with SIGKILL and started again), on SQLite and PostgreSQL. A
 * timer that fell due while no server ran fires once, after the start.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childServers, endChild } from './childServer.ts';
import { client, signIn, startTestServer } from './harness.ts';
import { A, SIMPLE, activities, deploy, instance, instanceTasks, ok, start, timers, type Api } from './workflowFixtures.ts';

/** The boundary timer: long enough that the first server is gone before it is due. */
const DUE_MS = 3000;

const sleepUntil = async (at: number) => {
  while (Date.now() < at) await new Promise((r) => setTimeout(r, Math.min(200, at - Date.now())));
};

describe(`process instances across restarts on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`, () => {
  const servers = childServers('console-workflow-');

  async function scenario(api: Api, key: string): Promise<{ waiting: number; timed: number; dueAt: number }> {
    const simpleId = await deploy(api, SIMPLE.replaceAll('simple', `${key}Simple`), `${key} simple`);
    const timedId = await deploy(api, timers(`${key}Timed`, 'PT0S', `PT${DUE_MS / 1000}S`), `${key} timed`);
    const waiting = await start(api, simpleId);
    const dueAt = Date.now() + DUE_MS;
    const timed = await start(api, timedId);
    // PT0S is due at once: fired in the start's step, or by the timer loop a moment later (the
    // engine may find a millisecond left)
    await expect
      .poll(async () => (await instanceTasks(api, timed)).map((t) => [t.name, t.status]), { timeout: 15_000 })
      .toEqual([['Handle', 'open']]);
    return { waiting, timed, dueAt };
  }

  async function resumed(api: Api, s: { waiting: number; timed: number }): Promise<void> {
    // the timer fell due while no server ran: it fired once, after the start
    await expect
      .poll(async () => (await instanceTasks(api, s.timed)).map((t) => [t.name, t.status]), { timeout: 15_000 })
      .toEqual([
        ['Handle', 'cancelled'],
        ['Escalated', 'open'],
      ]);
    expect((await activities(api, s.timed)).filter((a) => a.activityId === 'late')).toHaveLength(1);
    // the instance waiting at its user task goes on where it was
    const [task] = await instanceTasks(api, s.waiting);
    expect(task).toMatchObject({ name: 'Only', status: 'open' });
    ok(await api.post(`${A}/task/completeTask`, { taskId: Number(task!.id), comment: 'after the restart' }));
    expect(await instance(api, s.waiting)).toMatchObject({ status: 'over', result: 'completed' });
  }

  it('a new server on the same database resumes every waiting instance', async () => {
    const { dir, databaseUrl } = servers;
    const dataDir = join(dir, 'inproc');
    const first = await startTestServer({ dataDir, databaseUrl });
    const s = await scenario(client(first.url, await signIn(first.url, 'demo', 'admin')), 'inproc');
    await first.close();
    await sleepUntil(s.dueAt + 100);
    const second = await startTestServer({ dataDir, databaseUrl });
    try {
      await second.workflowResumed;
      await resumed(client(second.url, await signIn(second.url, 'demo', 'admin')), s);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('a server killed with SIGKILL and started again resumes them', async () => {
    const first = await servers.start('child');
    const s = await scenario(client(first.url, await signIn(first.url, 'demo', 'admin')), 'killed');
    await endChild(first, 'SIGKILL');
    await sleepUntil(s.dueAt + 100);
    const second = await servers.start('child');
    await resumed(client(second.url, await signIn(second.url, 'demo', 'admin')), s);
  }, 180_000);
});
