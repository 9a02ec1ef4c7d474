/**
 * Two server processes on one PostgreSQL database (TEST_DATABASE_URL) share the process
 * instances (docs/workflow.md, "A step"): a task completed through one is seen completed
 * through the other; the two branches of a parallel split completed at once through the two
 * servers join once (no lost and no doubled step); the same task completed through both at once
 * completes once; and a timer both servers' timer loops see due fires once.
 */
import { describe, expect, it } from 'vitest';
import { childServers } from './childServer.ts';
import { client, signIn } from './harness.ts';
import {
  A,
  PARALLEL,
  SIMPLE,
  activities,
  deploy,
  instance,
  instanceTasks,
  ok,
  start,
  timers,
  type Api,
  type Rec,
} from './workflowFixtures.ts';

const onPg = !!process.env.TEST_DATABASE_URL;
const servers = childServers('console-workflow-scale-');
const ROUNDS = 8;

const byName = (list: Rec[], name: string) => list.find((t) => t.name === name && t.status === 'open')!;

describe.skipIf(!onPg)('process instances shared by two server processes on PostgreSQL', () => {
  let adminA: Api;
  let adminB: Api;
  let editorB: Api;

  it('two servers start on the same database', async () => {
    const [a, b] = [await servers.start('a'), await servers.start('b')];
    adminA = client(a.url, await signIn(a.url, 'demo', 'admin'));
    adminB = client(b.url, await signIn(b.url, 'demo', 'admin'));
    editorB = client(b.url, await signIn(b.url, 'demo', 'editor'));
    // each start migrates and seeds (the second finds it done): minutes on a busy machine
  }, 360_000);

  it('a task completed through one server is seen completed through the other', async () => {
    const defId = await deploy(adminA, SIMPLE.replaceAll('simple', 'seenSimple'), 'Seen');
    const id = await start(adminB, defId);
    const [task] = await instanceTasks(adminA, id);
    ok(await adminA.post(`${A}/task/completeTask`, { taskId: Number(task!.id), comment: 'on A' }));
    expect(await instance(adminB, id)).toMatchObject({ status: 'over', result: 'completed' });
    expect((await instanceTasks(adminB, id)).map((t) => [t.name, t.status])).toEqual([['Only', 'completed']]);
    // completing it again through the other server is refused
    const again = await adminB.post(`${A}/task/completeTask`, { taskId: Number(task!.id), comment: 'on B' });
    expect(again.status).toBe(409);
  }, 60_000);

  it('parallel branches completed at once through the two servers join once', async () => {
    const defId = await deploy(adminA, PARALLEL.replace('<process id="parallel"', '<process id="sharedParallel"'), 'Shared parallel');
    for (let round = 0; round < ROUNDS; round++) {
      const id = await start(adminA, defId);
      const list = await instanceTasks(adminB, id);
      const [l, r] = await Promise.all([
        adminA.post(`${A}/task/completeTask`, { taskId: Number(byName(list, 'Left').id), comment: 'left on A' }),
        editorB.post(`${A}/task/completeTask`, { taskId: Number(byName(list, 'Right').id), comment: 'right on B' }),
      ]);
      expect([l.status, r.status], JSON.stringify([l.body, r.body])).toEqual([200, 200]);
      const after = await instanceTasks(adminA, id);
      expect(after.map((t) => [t.name, t.status]).sort()).toEqual([
        ['After', 'open'],
        ['Left', 'completed'],
        ['Right', 'completed'],
      ]);
      const joined = (await activities(adminB, id)).filter((a) => a.activityId === 'join');
      expect(joined.length, JSON.stringify(joined)).toBeGreaterThanOrEqual(1);
      expect((await activities(adminB, id)).filter((a) => a.activityId === 'after')).toHaveLength(1);
    }
  }, 180_000);

  it('the same task completed through both servers at once completes once', async () => {
    const defId = await deploy(adminA, SIMPLE.replaceAll('simple', 'raceSimple'), 'Race');
    for (let round = 0; round < ROUNDS; round++) {
      const id = await start(adminB, defId);
      const [task] = await instanceTasks(adminA, id);
      const answers = await Promise.all(
        [adminA, adminB].map((api, i) => api.post(`${A}/task/completeTask`, { taskId: Number(task!.id), comment: `race ${i}` })),
      );
      expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([200, 409]);
      expect(await instance(adminA, id)).toMatchObject({ status: 'over', result: 'completed' });
      expect((await activities(adminB, id)).filter((a) => a.activityId === 'end')).toHaveLength(1);
    }
  }, 180_000);

  it('a timer due on both servers fires once', async () => {
    const defId = await deploy(adminA, timers('sharedTimed', 'PT0S', 'PT2S'), 'Shared timed');
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await start(i % 2 ? adminA : adminB, defId));
    for (const id of ids) {
      await expect
        .poll(async () => (await instanceTasks(adminA, id)).map((t) => [t.name, t.status]), { timeout: 30_000, interval: 250 })
        .toEqual([
          ['Handle', 'cancelled'],
          ['Escalated', 'open'],
        ]);
    }
    // both timer loops ran meanwhile: each timer fired once, one escalation each
    await new Promise((r) => setTimeout(r, 2500));
    for (const id of ids) {
      const acts = await activities(adminB, id);
      expect(acts.filter((a) => a.activityId === 'late')).toHaveLength(1);
      expect(acts.filter((a) => a.activityId === 'escalated')).toHaveLength(1);
      expect((await instanceTasks(adminB, id)).filter((t) => t.name === 'Escalated')).toHaveLength(1);
    }
  }, 120_000);
});
