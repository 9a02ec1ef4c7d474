/**
 * Objects as files of a folder (`<DATA_DIR>/files` unless told otherwise): one file per object,
 * under a sub-folder per tenant. A new object is a temporary file of the same folder renamed
 * into place, so that a reader never sees half an object.
 */
import { createReadStream } from 'node:fs';
import { mkdir, opendir, rename, rm, stat, copyFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStorage, StoredObject } from './storage.ts';

/** A key is tenant/object: letters, digits, dashes, dots and underscores; never a path of its own choosing. */
const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)+$/;

export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) throw new Error(`Not a storage key: ${key}`);
  return key;
}

export class FolderStorage implements FileStorage {
  readonly kind = 'folder' as const;
  constructor(readonly root: string) {}

  private path(key: string): string {
    return join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, sourcePath: string): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(sourcePath, target);
    } catch (err) {
      // another file system: copy to a temporary name beside the target, then rename
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      const temp = `${target}.part`;
      await copyFile(sourcePath, temp);
      await rename(temp, target);
      await rm(sourcePath, { force: true });
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
