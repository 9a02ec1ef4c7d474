/**
 * Where the bytes of uploaded files live: a storage of objects by key. Two implementations: a
 * folder under DATA_DIR (the default) and an S3-compatible store (S3_ENDPOINT, S3_BUCKET and
 * credentials set). A file's row names its object's key; the object is written first and the
 * row second, so that a crash between the two leaves an object without a row, which the
 * clean-up (fileCleanup.ts) removes, never a row without its object.
 */
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  /** When the object was written (the clean-up leaves young objects alone: their row may still be on its way). */
  modified: Date;
}

/** How a file received for a storage is synced while it arrives (uploads.ts, FileWriter). */
export interface WriteBehind {
  /** Bytes written between two background syncs. */
  flushBytes: number;
  /** Puts what has been written to the file on disk. */
  sync(handle: FileHandle): Promise<void>;
}

export interface FileStorage {
  /** Which implementation, for the log and the documentation ("folder" or "s3"). */
  readonly kind: 'folder' | 's3';
  /**
   * The write-behind of a file received for this storage, when `put` syncs the file it is
   * given (the folder storage); undefined when `put` only reads it (S3).
   */
  readonly writeBehind?: WriteBehind;
  /**
   * Store the complete local file `sourcePath` (`size` bytes) as the object `key`. The object
   * appears whole or not at all, and is on disk (or in the store) once this resolves, before
   * its row is written; `sourcePath` is consumed (moved or deleted).
   */
  put(key: string, sourcePath: string, size: number, contentType: string): Promise<void>;
  /** The object's bytes as a stream; undefined when there is no such object. */
  get(key: string): Promise<Readable | undefined>;
  /** Remove the object (no error when it is already gone). */
  remove(key: string): Promise<void>;
  /** Every object of the storage. */
  list(): AsyncIterable<StoredObject>;
}
