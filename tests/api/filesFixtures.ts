/**
 * Files for the file API and netdisc tests: a real PNG, a real PDF (pdfkit), text, and a
 * multipart body built byte for byte (so that a test controls the names and types a browser
 * would clean up or refuse to send).
 */
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/** A PNG image of `size` x `size` pixels of one colour (valid: its chunks carry their CRCs). */
export function pngBytes(size = 8, rgb: [number, number, number] = [220, 40, 40]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const PNG = pngBytes();

/** A one-page PDF that reads "Netdisc preview". */
export function pdfBytes(text = 'Netdisc preview'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A6' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text(text, 20, 40);
    doc.end();
  });
}

/** An HTML page (what a .png must not be). */
export const HTML_PAGE = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

export interface Part {
  /** The filename of the part as sent (undefined: a plain field). */
  filename?: string;
  /** The part's Content-Type (undefined: none). */
  type?: string;
  body: Buffer;
  field?: string;
}

/** A multipart/form-data body with these parts, the name sent as raw UTF-8 bytes. */
export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----files${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename.replace(/"/g, '%22')}"`;
    head += '\r\n';
    if (p.type !== undefined) head += `Content-Type: ${p.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), p.body, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
