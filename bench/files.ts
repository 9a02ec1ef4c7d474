/**
 * Files (docs/files.md), in one run: the server (a child process, SQLite, the folder storage)
 * against a bare Fastify stream to disk (bench/bareUpload.ts, also a child process), the same
 * 10 MB file:
 *   - upload and download throughput, one request at a time (target: at least 0.7x the bare
 *     server's); beside it, for information, the bare stream that also syncs the file and its
 *     folder before it answers, as the server does with an object before its row. Each timed
 *     upload starts with no dirty pages (`sync` runs, untimed, before it) and the server and the
 *     bare stream take turns going first, so that neither pays for the kernel writing back the
 *     file the other just wrote;
 *   - the server's memory growth (resident set, sampled every 20 ms from /proc) while 20 uploads
 *     of 10 MB run at once (target: under 64 MB).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { endChild, startChild } from '../tests/api/childServer.ts';
import { signIn } from '../tests/api/harness.ts';
import { MAX_FILE_BYTES } from '../schemas/registry/fileLimits.ts';

const FILE = '/api/file/file';
const MB = 1024 * 1024;

function startBare(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'bareUpload.ts')], {
    env: { ...process.env, BARE_DIR: dir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const m = /(http:\/\/\S+)/.exec(chunk.toString());
      if (m) resolve({ url: m[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Puts every dirty page of the system on disk (sync(1)), between timed requests. */
function settle(): void {
  execFileSync('sync');
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

export async function benchFiles(options: { rounds: number }): Promise<void> {
  console.log(
    `\nFiles: a ${MAX_FILE_BYTES / MB} MB file, the server against a bare Fastify stream to disk (${options.rounds} rounds each)`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'bench-files-'));
  const server = await startChild({ DATA_DIR: join(dir, 'data'), STATIC_DIR: join(dir, 'none'), SIGN_IN_RATE_LIMIT: '100000' });
  const bare = await startBare(join(dir, 'bare'));
  try {
    const token = await signIn(server.url, 'demo', 'admin');
    const auth = { authorization: `Bearer ${token}` };
    const bytes = Buffer.alloc(MAX_FILE_BYTES, 'a');
    /** The multipart request of one file, encoded before the clock starts (the client's encoding is not the server's work). */
    const encoded = async (name: string) => {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'text/plain' }), name);
      const request = new Request('http://encode.invalid/', { method: 'POST', body: form });
      return { body: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
    };
    const upload = async ({ body: multipart, contentType }: { body: Uint8Array<ArrayBuffer>; contentType: string }) => {
      const res = await fetch(`${server.url}${FILE}/uploadFile`, {
        method: 'POST',
        headers: { ...auth, 'content-type': contentType },
        body: multipart,
      });
      const body = (await res.json()) as { data?: { id: number }[]; message?: string };
      if (res.status !== 200) throw new Error(`upload: ${res.status} ${body.message}`);
      return body.data![0]!.id;
    };
    const uploads: number[] = [];
    const bareUploads: number[] = [];
    const bareSyncedUploads: number[] = [];
    const downloads: number[] = [];
    const bareDownloads: number[] = [];
    const ids: number[] = [];
    for (let i = 0; i < options.rounds; i++) {
      // the same bytes to both: the bare server writes the whole request body to disk
      const request = await encoded(`bench-${i}.txt`);
      const bareUpload = (path: string) =>
        timed(async () => {
          const res = await fetch(`${bare.url}${path}`, {
            method: 'PUT',
            body: request.body,
            headers: { 'content-type': 'application/octet-stream' },
          });
          await res.arrayBuffer();
        });
      // each upload starts with no dirty pages left by the one before (`sync`, untimed), so that
      // neither side pays for the kernel writing back the other's file; the order alternates
      const measureUpload = async () => {
        settle();
        uploads.push(await timed(async () => ids.push(await upload(request))));
      };
      const measureBare = async () => {
        settle();
        bareUploads.push(await bareUpload(`/f/bench-${i}.txt`));
      };
      if (i % 2 === 0) {
        await measureUpload();
        await measureBare();
      } else {
        await measureBare();
        await measureUpload();
      }
      settle();
      bareSyncedUploads.push(await bareUpload(`/f/synced-${i}.txt?sync=1`));
      downloads.push(
        await timed(async () => (await fetch(`${server.url}${FILE}/downloadFile?id=${ids[i]}`, { headers: auth })).arrayBuffer()),
      );
      bareDownloads.push(await timed(async () => (await fetch(`${bare.url}/f/bench-${i}.txt`)).arrayBuffer()));
    }
    const rate = (ms: number) => MAX_FILE_BYTES / MB / (ms / 1000);
    const line = (name: string, ms: number[], base: number[]) =>
      console.log(
        `  ${name.padEnd(44)} ${rate(median(ms)).toFixed(0).padStart(5)} MB/s  (bare ${rate(median(base)).toFixed(0)} MB/s; ${(median(base) / median(ms)).toFixed(2)}x the baseline, target 0.7x)`,
      );
    line('upload (multipart, sniffed, stored, row)', uploads, bareUploads);
    console.log(
      `  ${'  bare stream that also syncs file and folder'.padEnd(44)} ${rate(median(bareSyncedUploads)).toFixed(0).padStart(5)} MB/s  (the upload is ${(median(bareSyncedUploads) / median(uploads)).toFixed(2)}x of it; for information, no target)`,
    );
    line('download', downloads, bareDownloads);

    // memory while 20 uploads run at once
    const pid = server.process.pid!;
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
    const parallel = await Promise.all(Array.from({ length: 20 }, (_, i) => encoded(`parallel-${i}.txt`)));
    const wall = await timed(() => Promise.all(parallel.map(upload)));
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    console.log(
      `  ${'20 uploads of 10 MB at once'.padEnd(44)} ${(wall / 1000).toFixed(2)} s; server RSS ${(before / MB).toFixed(0)} MB -> peak ${(peak / MB).toFixed(0)} MB (growth ${((peak - before) / MB).toFixed(1)} MB, target under 64 MB)`,
    );
  } finally {
    bare.child.kill('SIGTERM');
    await endChild(server, 'SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
