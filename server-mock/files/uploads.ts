/**
 * Receiving an upload: the multipart body is streamed part by part into temporary files beside
 * the folder storage (never held whole in memory), each file counted and its first bytes kept
 * for the type check. A file over the limit is not written further; the rest of the body is
 * still read (and dropped) so that the client gets the refusal instead of a broken connection;
 * so is the rest of a file whose write or sync failed (FileWriter, with the folder storage's
 * write-behind). Whatever goes wrong (a refusal, an upload cut off half-way), every temporary
 * file is removed.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../http/apiError.ts';
import { SNIFF_BYTES, checkType, cleanName, emptyFile, tooLarge } from './fileRules.ts';
import { FileWriter } from './fileWriter.ts';
import type { WriteBehind } from './storage.ts';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '../../schemas/registry/fileLimits.ts';

/**
 * Bytes of a file taken in from the request while its previous write is on its way to disk
 * (FileWriter's highWaterMark): they go to disk in one write, and the request's body keeps
 * flowing meanwhile (with Node's default of 16 KB, each 64 KB the socket delivers would be a
 * write of its own, the body waiting for each). At most this much of each file being received
 * is held in memory (20 uploads at once: 20 MB).
 */
const WRITE_BATCH_BYTES = 1024 * 1024;

/** One received file, checked, waiting in a temporary file. */
export interface ReceivedFile {
  fileName: string;
  contentType: string;
  fileType: string;
  size: number;
  tempPath: string;
}

/** Counts the bytes going through and keeps the first SNIFF_BYTES; past the limit, drops them. */
class Counter extends Transform {
  size = 0;
  private readonly headChunks: Buffer[] = [];
  private headSize = 0;

  get head(): Buffer {
    return Buffer.concat(this.headChunks);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.headSize < SNIFF_BYTES) {
      const part = chunk.subarray(0, SNIFF_BYTES - this.headSize);
      this.headChunks.push(Buffer.from(part));
      this.headSize += part.length;
    }
    done(null, this.size > MAX_FILE_BYTES ? undefined : chunk);
  }
}

async function drain(file: NodeJS.ReadableStream): Promise<void> {
  for await (const chunk of file) void chunk;
}

/**
 * The files of a multipart request (file fields "file"), checked and in temporary files under
 * `tempDir`; the first refusal is thrown once the body has been read. The caller owns the
 * temporary files of the answer (removeTemp).
 */
export async function receiveFiles(request: FastifyRequest, tempDir: string, writeBehind?: WriteBehind): Promise<ReceivedFile[]> {
  if (!request.isMultipart()) {
    throw badRequest('Send the files as multipart/form-data, in file fields "file"', [{ field: 'file', message: 'is required' }]);
  }
  const received: ReceivedFile[] = [];
  /** The first refusal, or a failure of the disk: thrown once the whole body is read. */
  let refusal: Error | undefined;
  try {
    const options = {
      // one byte over the limit reaches the counter, which refuses the file
      limits: { fileSize: MAX_FILE_BYTES + 1, files: MAX_FILES_PER_UPLOAD, fields: 10, fieldSize: 1024, parts: MAX_FILES_PER_UPLOAD + 10 },
      // the counter refuses a file over the limit once the body is read (the plugin reads this per call; its typings list it only globally)
      throwFileSizeLimit: false,
      // the name as the client sent it, so that one holding a path is refused rather than cut to its last segment
      preservePath: true,
    };
    const parts = request.parts(options as Parameters<typeof request.parts>[0]);
    for await (const part of parts) {
      if (part.type !== 'file') {
        refusal ??= badRequest(`Unknown form field "${part.fieldname}": send only file fields "file"`, [
          { field: part.fieldname, message: 'is not a known field' },
        ]);
        continue;
      }
      if (refusal) {
        await drain(part.file);
        continue;
      }
      if (part.fieldname !== 'file') {
        refusal = badRequest(`Unknown form field "${part.fieldname}": send the files in fields "file"`, [
          { field: part.fieldname, message: 'is not a known field' },
        ]);
        await drain(part.file);
        continue;
      }
      let name: string;
      try {
        name = cleanName(part.filename ?? '', 'file');
      } catch (err) {
        refusal = err as ApiError;
        await drain(part.file);
        continue;
      }
      const tempPath = join(tempDir, `${randomUUID()}.upload`);
      const counter = new Counter();
      const writer = new FileWriter(tempPath, { writeBehind, highWaterMark: WRITE_BATCH_BYTES });
      try {
        await pipeline(part.file, counter, writer);
      } catch (err) {
        await rm(tempPath, { force: true });
        // an upload cut off ends here; a failure of the disk once the rest of the body is read
        if (!writer.failed) throw err;
        refusal = err as Error;
        continue;
      }
      const entry = { fileName: name, contentType: '', fileType: '', size: counter.size, tempPath };
      received.push(entry);
      if (counter.size > MAX_FILE_BYTES || part.file.truncated) refusal = tooLarge(name);
      else if (counter.size === 0) refusal = emptyFile(name);
      else {
        try {
          Object.assign(entry, await checkType(name, part.mimetype, counter.head, counter.size <= SNIFF_BYTES));
        } catch (err) {
          refusal = err as ApiError;
        }
      }
    }
    if (refusal) throw refusal;
    if (!received.length) throw badRequest('No file: send the files in file fields "file"', [{ field: 'file', message: 'is required' }]);
    return received;
  } catch (err) {
    await removeTemp(received);
    throw err;
  }
}

/** Remove the temporary files that are still there. */
export async function removeTemp(files: ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((f) => rm(f.tempPath, { force: true })));
}
