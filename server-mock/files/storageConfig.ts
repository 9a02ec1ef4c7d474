/**
 * Which storage the file API writes to, from the environment: an S3-compatible store when
 * S3_ENDPOINT and S3_BUCKET are set (with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or the
 * AWS_ names), otherwise the folder FILES_DIR (default `<DATA_DIR>/files`). One storage per
 * server configuration.
 */
import { join, resolve } from 'node:path';
import type { ServerConfig } from '../config/config.ts';
import { FolderStorage } from './folderStorage.ts';
import { S3Storage, type S3Settings } from './s3Storage.ts';
import type { FileStorage } from './storage.ts';

export interface StorageSettings {
  /** The folder of the folder storage (FILES_DIR); undefined: `<DATA_DIR>/files`. */
  filesDir?: string;
  s3?: S3Settings;
}

export function storageSettingsFromEnv(env: NodeJS.ProcessEnv): StorageSettings {
  const endpoint = env.S3_ENDPOINT || undefined;
  const bucket = env.S3_BUCKET || undefined;
  const filesDir = env.FILES_DIR ? resolve(env.FILES_DIR) : undefined;
  if (!endpoint && !bucket) return { filesDir };
  if (!endpoint || !bucket) throw new Error('S3_ENDPOINT and S3_BUCKET must be set together');
  const accessKeyId = env.S3_ACCESS_KEY_ID || env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('S3_ENDPOINT is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too');
  return { filesDir, s3: { endpoint, bucket, region: env.S3_REGION || 'us-east-1', accessKeyId, secretAccessKey } };
}

const storages = new WeakMap<ServerConfig, FileStorage>();

/** The storage of a server configuration (created once). */
export function storageOf(config: ServerConfig): FileStorage {
  let storage = storages.get(config);
  if (!storage) {
    storage = config.storage.s3
      ? new S3Storage(config.storage.s3)
      : new FolderStorage(config.storage.filesDir ?? join(config.dataDir, 'files'));
    storages.set(config, storage);
  }
  return storage;
}

/** Where uploads are written while they arrive and are checked (the same disk as the folder storage). */
export function uploadTempDir(config: ServerConfig): string {
  return join(config.dataDir, 'uploads');
}
