/**
 * Example processors of the worker (worker/main.ts), named by a job's `processorInfo`:
 *
 * - `wordCount` (MAP_REDUCE, or MAP): the root splits the text of the parameters
 *   (`{"text": "...", "parts": 4}`) into parts, each sub-task counts the words of its part, the
 *   reduce task adds the counts: `{"words": 9, "parts": 3}`;
 * - `echo` (STANDALONE, BROADCAST): answers `<message> from <worker address>`;
 * - `sleep`: waits `{"ms": 1000}` (reporting its progress), then answers "Slept N ms", or fails
 *   with `{"fail": "message"}`; stops at once when canceled.
 */
import type { TaskContext, WorkerProcessor } from './jobWorker.ts';

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

const wordCount: WorkerProcessor = {
  map(ctx: TaskContext) {
    const all = words(String(ctx.params.text ?? ''));
    const parts = Math.max(1, Math.min(100, Number(ctx.params.parts ?? 2) || 2));
    const size = Math.ceil(all.length / parts) || 1;
    const subTasks: { text: string }[] = [];
    for (let i = 0; i < all.length; i += size) subTasks.push({ text: all.slice(i, i + size).join(' ') });
    return Promise.resolve({ result: `Split into ${subTasks.length} parts`, subTasks });
  },
  process(ctx: TaskContext) {
    const text = String((ctx.payload as { text?: unknown } | null)?.text ?? ctx.params.text ?? '');
    return Promise.resolve(JSON.stringify({ words: words(text).length }));
  },
  reduce(_ctx: TaskContext, results: string[]) {
    const total = results.reduce((sum, r) => sum + Number((JSON.parse(r) as { words?: number }).words ?? 0), 0);
    return Promise.resolve(JSON.stringify({ words: total, parts: results.length }));
  },
};

const echo: WorkerProcessor = {
  process(ctx: TaskContext) {
    return Promise.resolve(`${String(ctx.params.message ?? 'hello')} from ${ctx.address}`);
  },
};

const sleep: WorkerProcessor = {
  async process(ctx: TaskContext) {
    const ms = Math.max(0, Number(ctx.params.ms ?? 1000) || 0);
    await ctx.progress(`sleeping ${ms} ms`);
    await wait(ms, ctx.signal);
    if (typeof ctx.params.fail === 'string') throw new Error(ctx.params.fail);
    return `Slept ${ms} ms`;
  },
};

export const exampleProcessors: Record<string, WorkerProcessor> = { wordCount, echo, sleep };
