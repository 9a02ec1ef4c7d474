/**
 * The preview area's inner frame (runtime/public/preview-frame.html): the one page that runs
 * markup, styles and script it is sent (a generated form or dialog, spec 2). It is served with
 * its own Content-Security-Policy: `sandbox allow-scripts` makes its origin opaque however it
 * is opened (no access to the console's storage, token or cookies, nor to the console's
 * pages), inline script and style may run, and it may connect nowhere. See docs/security.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

const PREVIEW_FRAME_PATH = '/preview-frame.html';

const PREVIEW_FRAME_POLICY = [
  'sandbox allow-scripts',
  "default-src 'none'",
  "script-src 'unsafe-inline' https:",
  "style-src 'unsafe-inline' https:",
  'img-src data: blob: https:',
  'font-src data: https:',
  "connect-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

export function registerPreviewFrame(app: FastifyInstance, staticDir: string): void {
  const file = join(staticDir, 'preview-frame.html');
  app.get(PREVIEW_FRAME_PATH, (_request, reply) => {
    if (!existsSync(file)) return reply.code(404).type('text/plain; charset=utf-8').send('Not built');
    return reply
      .header('Content-Security-Policy', PREVIEW_FRAME_POLICY)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(readFileSync(file));
  });
}
