/**
 * A received file on its way to disk, with write-behind when its storage asks for it: every
 * `flushBytes` written, what has been written so far is synced in the background, one sync at
 * a time, while the next chunks arrive. The object's own sync before its row (FolderStorage.put)
 * then has at most the last few MB to put on disk instead of the whole file.
 *
 * The file is created by the writer (it must not exist yet), and its folder with it when that
 * is missing.
 *
 * A failed sync fails the file: the kernel may have dropped the pages it could not write, and
 * no later sync could vouch for them. A failure of the disk (open, write or sync) is held until
 * the stream ends: the rest of the file is read and dropped, so that the request's body is read
 * to its end and the client gets the answer, and then the stream fails with it (`failed`).
 */
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Writable } from 'node:stream';
import type { WriteBehind } from './storage.ts';

export interface FileWriterOptions {
  /** Background syncs while the file is written; none when undefined. */
  writeBehind?: WriteBehind;
  /**
   * Bytes the stream takes in while a write is in flight before it asks its source to wait
   * (Writable's highWaterMark; Node's default, 16 KB, when undefined). What arrives meanwhile
   * goes to disk in the next write, all at once (writev), so a larger mark means fewer and
   * larger writes and a source that seldom waits for the disk.
   */
  highWaterMark?: number;
}

export class FileWriter extends Writable {
  /** Bytes written to the file. */
  written = 0;
  /** Background syncs completed. */
  syncs = 0;
  private handle: FileHandle | undefined;
  /** Bytes written since the sync in flight (or the last one) started. */
  private unsynced = 0;
  private flushing: Promise<void> | undefined;
  private failure: Error | undefined;
  private readonly writeBehind: WriteBehind | undefined;

  constructor(
    readonly path: string,
    options: FileWriterOptions = {},
  ) {
    super({ highWaterMark: options.highWaterMark });
    this.writeBehind = options.writeBehind;
  }

  /** Whether the disk failed (the stream ends with that error once its input is read). */
  get failed(): boolean {
    return this.failure !== undefined;
  }

  override _construct(callback: (err?: Error | null) => void): void {
    openNew(this.path)
      .then(
        (handle) => void (this.handle = handle),
        (err: Error) => void (this.failure ??= err),
      )
      .then(() => callback());
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (err?: Error | null) => void): void {
    this.append([chunk]).then(() => callback());
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (err?: Error | null) => void): void {
    this.append(chunks.map((c) => c.chunk)).then(() => callback());
  }

  /** Writes the buffers, unless the disk failed already; a failure is kept for the end, not thrown. */
  private async append(buffers: Buffer[]): Promise<void> {
    // nothing more once the disk failed, or once the stream is destroyed (the file closed)
    const handle = this.handle;
    if (this.failure || !handle) return;
    let size = 0;
    for (const b of buffers) size += b.length;
    try {
      let done = 0;
      while (done < size) {
        const { bytesWritten } = await handle.writev(done ? rest(buffers, done) : buffers);
        done += bytesWritten;
      }
    } catch (err) {
      this.failure ??= err as Error;
      return;
    }
    this.written += size;
    this.unsynced += size;
    this.flushIfDue();
  }

  private flushIfDue(): void {
    const behind = this.writeBehind;
    const handle = this.handle;
    if (!behind || !handle || this.flushing || this.failure || this.unsynced < behind.flushBytes) return;
    this.unsynced = 0;
    this.flushing = behind.sync(handle).then(
      () => {
        this.syncs++;
        this.flushing = undefined;
        this.flushIfDue();
      },
      (err: Error) => {
        this.failure ??= err;
        this.flushing = undefined;
      },
    );
  }

  /** Waits for the sync in flight, closes the file, and ends with the disk's failure if there was one. */
  override _final(callback: (err?: Error | null) => void): void {
    this.close().then(
      () => callback(this.failure),
      (err: Error) => callback(this.failure ?? err),
    );
  }

  override _destroy(err: Error | null, callback: (err?: Error | null) => void): void {
    this.close().then(
      () => callback(err),
      (closeErr: Error) => callback(err ?? closeErr),
    );
  }

  private async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close();
  }
}

/** Creates the file (it must not exist), and its folder when that is missing. */
async function openNew(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await mkdir(dirname(path), { recursive: true });
    return await open(path, 'wx');
  }
}

/** The buffers past their first `skip` bytes. */
function rest(buffers: Buffer[], skip: number): Buffer[] {
  const out: Buffer[] = [];
  for (const b of buffers) {
    if (skip >= b.length) skip -= b.length;
    else {
      out.push(skip ? b.subarray(skip) : b);
      skip = 0;
    }
  }
  return out;
}
