/**
 * The netdisc's calls (/api/file/file, docs/files.md) through the console's HTTP client. The
 * upload sends a multipart body with a progress callback and a longer timeout than the spec's
 * 5 s; downloads and previews are blobs.
 */
import type { AxiosProgressEvent } from 'axios';
import type { Envelope, Page } from '../../http/envelope.ts';
import { http, request } from '../../http/request.ts';
import { ApiError } from '../../http/apiError.ts';
import { toastError } from '../../feedback/feedback.ts';
import type { File as FileRecord } from '../../generated/types.ts';

const FILE = '/api/file/file';
/** An upload of up to 20 files of 10MB may take a while on a slow line. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** A file or folder as the calls answer it: the generated record type without the stored object's key and the tenant, with the spec's size in KB. */
export type FileItem = Omit<FileRecord, 'objectKey' | 'tenantCode'> & { sizeKb: number };

export interface FolderItem {
  id: number;
  fileName: string;
  parentId: number | null;
}

export interface ShareUsers {
  userId: number[];
  users: { id: number; username: string; nickname: string }[];
}

export async function listFiles(params: {
  parentId?: number;
  fileName?: string;
  currentPage?: number;
  pageSize?: number;
}): Promise<Page<FileItem>> {
  return (await request<Envelope<Page<FileItem>>>({ method: 'GET', url: `${FILE}/queryFile`, params })).data!;
}

export async function listShared(params: { fileName?: string; currentPage?: number; pageSize?: number }): Promise<Page<FileItem>> {
  return (await request<Envelope<Page<FileItem>>>({ method: 'GET', url: `${FILE}/querySharedFile`, params })).data!;
}

export async function listFolders(): Promise<FolderItem[]> {
  return (await request<Envelope<FolderItem[]>>({ method: 'GET', url: `${FILE}/queryFileFolder` })).data!;
}

export async function makeFolder(fileName: string, parentId: number | null): Promise<FileItem> {
  return (await request<Envelope<FileItem>>({ method: 'POST', url: `${FILE}/addFolder`, data: { fileName, parentId } })).data!;
}

export async function renameFile(id: number, fileName: string): Promise<FileItem> {
  return (await request<Envelope<FileItem>>({ method: 'PUT', url: `${FILE}/updateFile`, data: { id, fileName } })).data!;
}

export async function moveFiles(id: number[], parentId: number | null): Promise<void> {
  await request({ method: 'POST', url: `${FILE}/moveFile`, data: { id, parentId } });
}

export async function deleteFiles(id: number[]): Promise<void> {
  await request({ method: 'POST', url: `${FILE}/deleteFile`, params: { id: id.join(',') } });
}

export async function shareUsers(id: number): Promise<ShareUsers> {
  return (await request<Envelope<ShareUsers>>({ method: 'GET', url: `${FILE}/querySharedUser`, params: { id } })).data!;
}

export async function shareFile(id: number, userId: number[]): Promise<void> {
  await request({ method: 'POST', url: `${FILE}/shareFile`, data: { id, userId } });
}

/** Upload files into a folder; `onProgress` gets the share of the body sent (0 to 100). */
export async function uploadFiles(files: File[], parentId: number | null, onProgress: (percent: number) => void): Promise<FileItem[]> {
  const form = new FormData();
  for (const f of files) form.append('file', f, f.name);
  const res = await http.request<Envelope<FileItem[]>>({
    method: 'POST',
    url: `${FILE}/uploadFile`,
    params: parentId === null ? {} : { parentId },
    data: form,
    timeout: UPLOAD_TIMEOUT_MS,
    onUploadProgress: (e: AxiosProgressEvent) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  });
  return res.data.data!;
}

/** A file's bytes and the name its answer gives. */
export async function fetchFile(kind: 'download' | 'preview', id: number): Promise<{ blob: Blob; disposition: string | undefined }> {
  let res;
  try {
    res = await http.request<Blob>({
      method: 'GET',
      url: `${FILE}/${kind}File`,
      params: { id },
      responseType: 'blob',
      timeout: UPLOAD_TIMEOUT_MS,
      silent: true,
    });
  } catch (err) {
    // a refusal comes as an envelope inside the blob: show its message
    const body = err instanceof ApiError ? err.body : undefined;
    let message = err instanceof Error ? err.message : String(err);
    if (body instanceof Blob) {
      try {
        message = (JSON.parse(await body.text()) as { message?: string }).message ?? message;
      } catch {
        // not an envelope: keep the transport's message
      }
    }
    toastError(message);
    throw err;
  }
  const header: unknown = res.headers['content-disposition'];
  return { blob: res.data, disposition: typeof header === 'string' ? header : undefined };
}
