/**
 * The files bench's baseline (bench/files.ts): a bare Fastify server that streams a request body
 * to a file on disk (PUT /f/:name) and a file back (GET /f/:name), with nothing else: no
 * multipart, no checks, no database. Run as a child process; prints its address.
 */
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import Fastify from 'fastify';

const dir = process.env.BARE_DIR!;
mkdirSync(dir, { recursive: true });
const app = Fastify({ bodyLimit: 11 * 1024 * 1024 });
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', (_request, _payload, done) => done(null));
app.put<{ Params: { name: string } }>('/f/:name', async (request, reply) => {
  await pipeline(request.raw, createWriteStream(join(dir, request.params.name.replace(/[^\w.-]/g, '_'))));
  return reply.send({ ok: true });
});
app.get<{ Params: { name: string } }>('/f/:name', (request, reply) =>
  reply.type('application/octet-stream').send(createReadStream(join(dir, request.params.name.replace(/[^\w.-]/g, '_')))),
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`Bare upload server: http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0} `);
