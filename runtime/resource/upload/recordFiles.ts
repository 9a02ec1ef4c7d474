/**
 * The `upload` field kind's calls: a field of that kind holds the id of a file stored through
 * the files API (/api/file/file, docs/files.md), which the widget uploads to; the server checks
 * on every write that the id names a file of the tenant the writer may read, and answers each
 * record with its files' names and types under `_files` (docs/resource-form.md#upload-fields).
 * A saved record's file is read through the record (`previewRecordFile`, `downloadRecordFile`):
 * every user who may read the record may read its files, whoever uploaded them.
 */
import type { AxiosProgressEvent } from 'axios';
import type { Envelope } from '../../http/envelope.ts';
import { http } from '../../http/request.ts';
import type { ResourceRecord } from '../extensions.ts';

const FILE_API = '/api/file/file';
/** A file of up to 10MB on a slow line. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;
/** The files API's size limit (server-mock/files/fileRules.ts): refused in the browser before sending. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** What a record tells of the file one of its upload fields holds. */
export interface RecordFile {
  id: number;
  fileName: string;
  contentType: string | null;
  fileSize: number;
}

/** The file an upload field of `record` holds, as the server described it (`_files`). */
export function recordFile(record: ResourceRecord | undefined, field: string): RecordFile | undefined {
  const files = record?._files;
  if (typeof files !== 'object' || files === null) return undefined;
  const file = (files as Record<string, unknown>)[field];
  return typeof file === 'object' && file !== null ? (file as RecordFile) : undefined;
}

/** Uploads one file to the top folder of the caller's files; `onProgress` gets the share sent (0 to 100). */
export async function uploadRecordFile(file: File, onProgress: (percent: number) => void): Promise<RecordFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await http.request<Envelope<RecordFile[]>>({
    method: 'POST',
    url: `${FILE_API}/uploadFile`,
    data: form,
    timeout: UPLOAD_TIMEOUT_MS,
    onUploadProgress: (e: AxiosProgressEvent) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  });
  const stored = res.data.data?.[0];
  if (!stored) throw new Error('The upload stored no file');
  return { id: stored.id, fileName: stored.fileName, contentType: stored.contentType, fileSize: stored.fileSize };
}

/** Where a file is attached: the record's resource, its id, and the upload field that holds the file. */
export interface FileAttachment {
  resource: string;
  recordId: number;
  field: string;
}

/** A record's file's bytes (`preview`: inline types only) as a blob; errors stay silent (a reader without access sees the name only). */
export async function fetchRecordFile(kind: 'preview' | 'download', at: FileAttachment): Promise<Blob> {
  const res = await http.request<Blob>({
    method: 'GET',
    url: `${FILE_API}/${kind}RecordFile`,
    params: { resource: at.resource, recordId: at.recordId, field: at.field },
    responseType: 'blob',
    timeout: UPLOAD_TIMEOUT_MS,
    silent: true,
  });
  return res.data;
}

/** Saves a record's file under its name (an object URL on a link, as the exports do). */
export async function downloadRecordFile(file: RecordFile, at: FileAttachment): Promise<void> {
  const blob = await fetchRecordFile('download', at);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Whether the files API previews the file as an image (not SVG: it is never stored). */
export function isImage(file: RecordFile): boolean {
  return !!file.contentType?.startsWith('image/');
}
