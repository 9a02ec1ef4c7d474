/**
 * The durability steps of an upload on the folder storage (docs/files.md): the received file's
 * write-behind (FileWriter: background syncs every few MB, one at a time, the last one awaited
 * before the file counts as written; a failed sync fails it), and FolderStorage.put, which
 * resolves only once the object's bytes are synced, then renames it and syncs its folder.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileWriter } from '../../server-mock/files/fileWriter.ts';
import { FolderStorage } from '../../server-mock/files/folderStorage.ts';

const KB = 1024;
const MB = 1024 * KB;

/** `count` chunks of 64 KB, each of its own byte, handed out one event-loop turn apart (as a socket would). */
function chunks(count: number): { source: Readable; bytes: Buffer } {
  const list = Array.from({ length: count }, (_, i) => Buffer.alloc(64 * KB, i % 251));
  async function* gen() {
    for (const c of list) {
      await new Promise((resolve) => setImmediate(resolve));
      yield c;
    }
  }
  return { source: Readable.from(gen(), { objectMode: false }), bytes: Buffer.concat(list) };
}

/** Waits (polling) until `done()` holds. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 5000 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  if (!done()) throw new Error(`timed out waiting for ${what}`);
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'write-behind-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('FileWriter (write-behind)', () => {
  it('syncs in the background while the file is written, one sync at a time, and is done only after the last one', async () => {
    const pending: (() => void)[] = [];
    /** Bytes written when each sync started. */
    const startedAt: number[] = [];
    const writer = new FileWriter(join(dir, 'upload'), {
      writeBehind: {
        flushBytes: 1 * MB,
        sync: () => {
          startedAt.push(writer.written);
          return new Promise<void>((resolve) => pending.push(resolve));
        },
      },
    });
    const { source, bytes } = chunks(96); // 6 MB
    let settled = false;
    const done = pipeline(source, writer).finally(() => (settled = true));

    // the first sync starts after 1 MB, and the writes go on while it is in flight
    await until(() => startedAt.length === 1, 'the first sync');
    expect(startedAt[0]).toBeGreaterThanOrEqual(1 * MB);
    expect(startedAt[0]).toBeLessThan(bytes.length);
    await until(() => writer.written === bytes.length, 'the whole file written');
    // everything is written, but a sync is in flight: not done, and never two syncs at once
    expect(pending).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    // its end starts the next one (more than 1 MB was written meanwhile), still not done
    pending.shift()!();
    await until(() => startedAt.length === 2, 'the second sync');
    expect(startedAt[1]).toBe(bytes.length);
    expect(pending).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    pending.shift()!();
    await done;
    expect(startedAt).toHaveLength(2);
    expect(writer.syncs).toBe(2);
    expect(readFileSync(join(dir, 'upload')).equals(bytes)).toBe(true);
  });

  it('without write-behind, only writes', async () => {
    const writer = new FileWriter(join(dir, 'plain'));
    const { source, bytes } = chunks(40);
    await pipeline(source, writer);
    expect(writer.syncs).toBe(0);
    expect(readFileSync(join(dir, 'plain')).equals(bytes)).toBe(true);
  });

  it('a failed background sync fails the write once its input is read', async () => {
    let syncs = 0;
    const writer = new FileWriter(join(dir, 'upload'), {
      writeBehind: {
        flushBytes: 1 * MB,
        sync: async () => {
          syncs++;
          throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
        },
      },
    });
    const { source } = chunks(64);
    let read = 0;
    source.on('data', (c: Buffer) => (read += c.length));
    await expect(pipeline(source, writer)).rejects.toThrow('EIO');
    expect(writer.failed).toBe(true);
    // the sync that failed was the only one: no later sync could vouch for the lost pages
    expect(syncs).toBe(1);
    // the input was read to its end (the request's body: the client gets the answer), the rest dropped
    expect(read).toBe(64 * 64 * KB);
    expect(writer.written).toBeLessThan(read);
  });

  it('a sync that fails after the last write still fails the write', async () => {
    let fail: ((err: Error) => void) | undefined;
    const writer = new FileWriter(join(dir, 'upload'), {
      writeBehind: { flushBytes: 1 * MB, sync: () => new Promise<void>((_resolve, reject) => (fail = reject)) },
    });
    const { source, bytes } = chunks(32);
    const done = pipeline(source, writer);
    await until(() => writer.written === bytes.length && fail !== undefined, 'the whole file written');
    fail!(new Error('EIO: i/o error, fdatasync'));
    await expect(done).rejects.toThrow('EIO');
  });
});

describe('FolderStorage.put', () => {
  it('resolves once the object is synced, renames it only after its bytes are on disk, then syncs its folder', async () => {
    const storage = new FolderStorage(join(dir, 'files'));
    const events: string[] = [];
    let releaseFile: (() => void) | undefined;
    storage.sync = async (_handle, folder) => {
      events.push(folder ? 'folder' : 'file');
      if (!folder) await new Promise<void>((resolve) => (releaseFile = resolve));
    };
    const source = join(dir, 'upload');
    writeFileSync(source, 'the bytes');
    const target = join(dir, 'files', 'demo', 'object-1');
    let settled = false;
    const put = storage.put('demo/object-1', source).finally(() => (settled = true));

    await until(() => releaseFile !== undefined, 'the sync of the file');
    // the folders made for the object were synced into their parents first
    expect(events).toEqual(['folder', 'folder', 'file']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(existsSync(target)).toBe(false);
    releaseFile!();
    await put;
    expect(events).toEqual(['folder', 'folder', 'file', 'folder']);
    expect(readFileSync(target, 'utf8')).toBe('the bytes');
    expect(existsSync(source)).toBe(false);

    // the folder is known now: the next object syncs its bytes and the folder, nothing more
    events.length = 0;
    storage.sync = async (_handle, folder) => void events.push(folder ? 'folder' : 'file');
    writeFileSync(source, 'more bytes');
    await storage.put('demo/object-2', source);
    expect(events).toEqual(['file', 'folder']);
  });

  it('a failed sync fails the put and stores no object', async () => {
    const storage = new FolderStorage(join(dir, 'files'));
    storage.sync = async (_handle, folder) => {
      if (!folder) throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    };
    const source = join(dir, 'upload');
    writeFileSync(source, 'the bytes');
    await expect(storage.put('demo/object-1', source)).rejects.toThrow('EIO');
    const keys: string[] = [];
    for await (const o of storage.list()) keys.push(o.key);
    expect(keys).toEqual([]);
    // the temporary file is still the caller's to remove
    expect(existsSync(source)).toBe(true);
  });
});
