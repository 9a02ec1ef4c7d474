/**
 * The spec's rules of a file (section 4: smaller than 10MB, not empty, file type required) and
 * the netdisc's own: a name a user can read back safely, a type the content agrees with.
 */
import { fileTypeFromBuffer } from 'file-type';
import mime from 'mime-types';
import { badRequest } from '../http/apiError.ts';
import { MAX_FILE_BYTES, MAX_NAME_LENGTH } from '../../schemas/registry/fileLimits.ts';

/** Bytes read from the start of a file to tell its type. */
export const SNIFF_BYTES = 4100;
/** Tenant parameter: the tenant's storage quota in MB (default DEFAULT_QUOTA_MB). */
export const QUOTA_PARAM = 'file.quotaMb';
export const DEFAULT_QUOTA_MB = 1024;

/** The spec's message of a missing file. */
export const FILE_NOT_FOUND = 'The file could not be found';
export const FOLDER_NOT_FOUND = 'The folder could not be found';

/** Plain-text types: no magic number to sniff, checked as UTF-8 text instead. */
const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'md', 'json', 'log']);
/** Declared types a browser or client may send for an extension besides the registered one. */
const DECLARED_ALIASES: Record<string, string[]> = {
  jpg: ['image/jpg', 'image/pjpeg'],
  jpeg: ['image/jpg', 'image/pjpeg'],
  png: ['image/x-png'],
  bmp: ['image/x-bmp', 'image/x-ms-bmp'],
  pdf: ['application/x-pdf'],
  csv: ['application/vnd.ms-excel', 'text/x-csv', 'application/csv'],
  md: ['text/x-markdown'],
  log: ['text/x-log'],
  zip: ['application/x-zip-compressed'],
};
/** Sniffed extensions that stand for several: the OLE compound file of the old Office formats. */
const SNIFFED_ALIASES: Record<string, string[]> = { cfb: ['doc', 'xls', 'ppt', 'msg'], jpg: ['jpeg', 'jpe'], tif: ['tiff'] };

/** A control character (C0, DEL, C1) or a direction mark or override, which would make a name read differently from what it is. */
function isControl(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

const hasControl = (text: string) => [...text].some((c) => isControl(c.codePointAt(0)!));

/**
 * A file or folder name as given by a user, checked: trimmed and NFC-normalised; refused with a
 * message when empty, longer than MAX_NAME_LENGTH, or holding a path separator, a control or
 * direction-override character, or "..".
 */
export function cleanName(raw: string, field = 'fileName'): string {
  const name = raw.normalize('NFC').trim();
  const refuse = (message: string) => badRequest(`${message}`, [{ field, message }]);
  if (!name) throw refuse('The name is required');
  if (name.length > MAX_NAME_LENGTH) throw refuse(`The name may be at most ${MAX_NAME_LENGTH} characters`);
  if (/[\\/]/.test(name)) throw refuse('The name may not contain "/" or "\\"');
  if (hasControl(name)) throw refuse('The name may not contain control characters');
  if (name.includes('..') || name === '.') throw refuse('The name may not contain ".."');
  return name;
}

/** The extension of a name, lower case, without the dot ('' when none). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The human-readable size limit. */
const LIMIT_TEXT = `${MAX_FILE_BYTES / 1024 / 1024}MB`;

export const tooLarge = (name: string) =>
  badRequest(`${name}: the file must be smaller than ${LIMIT_TEXT}`, [{ field: 'file', message: `must be smaller than ${LIMIT_TEXT}` }]);
export const emptyFile = (name: string) => badRequest(`${name}: the file is empty`, [{ field: 'file', message: 'must not be empty' }]);
const typeRequired = (name: string, why: string) =>
  badRequest(`${name}: the file type is required (${why})`, [{ field: 'file', message: 'file type is required' }]);

/** True when the bytes are UTF-8 text (the last character may be cut by the end of the sample). */
function isText(head: Buffer, complete: boolean): boolean {
  let sample = head;
  if (!complete) {
    // drop a character cut at the end of the sample
    let cut = sample.length;
    while (cut > 0 && cut > sample.length - 4 && (sample[cut - 1]! & 0xc0) === 0x80) cut--;
    if (cut > 0 && sample[cut - 1]! >= 0xc0) cut--;
    sample = sample.subarray(0, cut);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample);
  } catch {
    return false;
  }
  // text: no control character but tab, line feed, form feed and carriage return
  return ![...text].some((c) => {
    const code = c.codePointAt(0)!;
    return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || code === 0x7f;
  });
}

/**
 * The stored type of an upload, from its name, its declared type and its first bytes: the
 * extension is required and must name the declared type, and the content must be what both
 * say (sniffed with file-type; plain-text types must be UTF-8 text). Refused with a message
 * otherwise: a .png whose bytes are an HTML page is not a PNG image.
 */
export async function checkType(
  name: string,
  declared: string | undefined,
  head: Buffer,
  complete: boolean,
): Promise<{ contentType: string; fileType: string }> {
  const ext = extensionOf(name);
  if (!ext) throw typeRequired(name, 'the name has no extension');
  const expected = mime.lookup(ext);
  if (!expected) throw typeRequired(name, `".${ext}" is not a known file type`);
  const given = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if (!given || given === 'application/octet-stream') throw typeRequired(name, 'no content type was declared');
  const agrees = given === expected || (DECLARED_ALIASES[ext] ?? []).includes(given) || (mime.extensions[given] ?? []).includes(ext);
  if (!agrees)
    throw badRequest(`${name}: the declared type ${given} does not match the extension .${ext}`, [
      { field: 'file', message: 'type does not match the extension' },
    ]);
  const sniffed = await fileTypeFromBuffer(head);
  if (sniffed) {
    const matches = sniffed.ext === ext || (SNIFFED_ALIASES[sniffed.ext] ?? []).includes(ext) || sniffed.mime === expected;
    if (!matches)
      throw badRequest(`${name}: the content is a ${sniffed.ext} file, not .${ext}`, [
        { field: 'file', message: 'content does not match the file type' },
      ]);
    return { contentType: expected, fileType: ext };
  }
  if (TEXT_EXTENSIONS.has(ext) && isText(head, complete)) return { contentType: expected, fileType: ext };
  throw badRequest(`${name}: the content is not a .${ext} file`, [{ field: 'file', message: 'content does not match the file type' }]);
}

/** How a file may be shown inline (preview), or undefined when it can only be downloaded. */
export function previewType(contentType: string | null, fileType: string | null): string | undefined {
  if (!contentType) return undefined;
  if (contentType.startsWith('image/') && contentType !== 'image/svg+xml') return contentType;
  if (contentType === 'application/pdf') return contentType;
  if (fileType && TEXT_EXTENSIONS.has(fileType)) return 'text/plain; charset=utf-8';
  return undefined;
}
