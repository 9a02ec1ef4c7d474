/**
 * The files bench's baseline (bench/files.ts): a bare Fastify server that streams a request body
 * to a file on disk (PUT /f/:name) and a file back (GET /f/:name), with nothing else: no
 * multipart, no checks, no database. Run as a child process; prints its address.
 *
 * `PUT /f/:name?sync=1` also puts the file on disk before it answers, as the folder storage does
 * with an object before its row: its bytes synced (fdatasync), then its folder (fsync). The bench
 * prints that figure beside the target's baseline (the plain stream), to tell the cost of the
 * durability from the cost of the upload's own path.
 */
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import Fastify from 'fastify';

const dir = process.env.BARE_DIR!;
mkdirSync(dir, { recursive: true });
const app = Fastify({ bodyLimit: 11 * 1024 * 1024 });
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', (_request, _payload, done) => done(null));
async function sync(path: string, folder: boolean): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await (folder ? handle.sync() : handle.datasync());
  } finally {
    await handle.close();
  }
}
app.put<{ Params: { name: string }; Querystring: { sync?: string } }>('/f/:name', async (request, reply) => {
  const path = join(dir, request.params.name.replace(/[^\w.-]/g, '_'));
  await pipeline(request.raw, createWriteStream(path));
  if (request.query.sync) {
    await sync(path, false);
    await sync(dir, true);
  }
  return reply.send({ ok: true });
});
app.get<{ Params: { name: string } }>('/f/:name', (request, reply) =>
  reply.type('application/octet-stream').send(createReadStream(join(dir, request.params.name.replace(/[^\w.-]/g, '_')))),
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`Bare upload server: http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0} `);
