/**
 * Objects as files of a folder (`<DATA_DIR>/files` unless told otherwise): one file per object,
 * under a sub-folder per tenant. A new object is a temporary file of the same folder renamed
 * into place, so that a reader never sees half an object.
 *
 * `put` resolves once the object is on disk: its bytes synced (fdatasync) before the rename,
 * then its folder synced (fsync: the new name, and the folders made for it), so that the row
 * written next never names an object a power loss could take back, whatever order the file
 * system keeps its own writes in. While an upload arrives, what it has written is synced in the
 * background every few MB (`writeBehind`, FileWriter), which leaves `put` little to wait for.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, opendir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStorage, StoredObject, WriteBehind } from './storage.ts';

/** A key is tenant/object: letters, digits, dashes, dots and underscores; never a path of its own choosing. */
const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)+$/;

/** Bytes an upload writes between two background syncs. */
const FLUSH_BYTES = 2 * 1024 * 1024;

export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) throw new Error(`Not a storage key: ${key}`);
  return key;
}

export class FolderStorage implements FileStorage {
  readonly kind = 'folder' as const;
  /**
   * Folders made (and synced) by this storage, so that an upload does not make them again; the
   * promise, so that a put into a folder another put is still making waits for its sync too.
   */
  private readonly folders = new Map<string, Promise<void>>();

  constructor(readonly root: string) {}

  /** Puts a file's bytes (fdatasync) or a folder's entries (fsync) on disk; replaceable in tests. */
  sync: (handle: FileHandle, folder: boolean) => Promise<void> = (handle, folder) => (folder ? handle.sync() : handle.datasync());

  get writeBehind(): WriteBehind {
    return { flushBytes: FLUSH_BYTES, sync: (handle) => this.sync(handle, false) };
  }

  private path(key: string): string {
    return join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, sourcePath: string): Promise<void> {
    const target = this.path(key);
    const folder = dirname(target);
    const made = this.makeFolder(folder);
    await made;
    await this.syncPath(sourcePath, false);
    try {
      await rename(sourcePath, target);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        // the folder was removed since this storage made it (or the source is gone, and the
        // rename fails again)
        if (this.folders.get(folder) === made) this.folders.delete(folder);
        await this.makeFolder(folder);
        await rename(sourcePath, target);
      } else if (code === 'EXDEV') {
        // another file system: copy to a temporary name beside the target, sync it, then rename
        const temp = `${target}.part`;
        await copyFile(sourcePath, temp);
        await this.syncPath(temp, false);
        await rename(temp, target);
        await rm(sourcePath, { force: true });
      } else throw err;
    }
    await this.syncPath(folder, true);
  }

  private async syncPath(path: string, folder: boolean): Promise<void> {
    const handle = await open(path, 'r');
    try {
      await this.sync(handle, folder);
    } finally {
      await handle.close();
    }
  }

  /** Makes `folder` and the folders above it where missing, each new name synced into its parent. */
  private makeFolder(folder: string): Promise<void> {
    let made = this.folders.get(folder);
    if (!made) {
      const making = this.createFolder(folder);
      made = making;
      this.folders.set(folder, making);
      // a failure is not kept: the next put tries again
      making.catch(() => {
        if (this.folders.get(folder) === making) this.folders.delete(folder);
      });
    }
    return made;
  }

  private async createFolder(folder: string): Promise<void> {
    const first = await mkdir(folder, { recursive: true });
    if (first !== undefined) {
      // the folders whose entries changed: the parent of the first one made, down to `folder`'s
      // parent (`folder` itself is synced after the rename)
      for (let f = dirname(folder); ; f = dirname(f)) {
        await this.syncPath(f, true);
        if (f === dirname(first) || f === dirname(f)) break;
      }
    }
  }

  async get(key: string): Promise<Readable | undefined> {
    const path = this.path(key);
    try {
      if (!(await stat(path)).isFile()) return undefined;
    } catch {
      return undefined;
    }
    return createReadStream(path);
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async *list(): AsyncIterable<StoredObject> {
    yield* this.walk(this.root);
  }

  private async *walk(dir: string): AsyncGenerator<StoredObject> {
    let handle;
    try {
      handle = await opendir(dir);
    } catch {
      return;
    }
    for await (const entry of handle) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) yield* this.walk(path);
      else if (entry.isFile() && !entry.name.endsWith('.part')) {
        const key = relative(this.root, path).split(sep).join('/');
        if (KEY.test(key)) yield { key, modified: (await stat(path)).mtime };
      }
    }
  }
}
