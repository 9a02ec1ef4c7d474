/**
 * What the server sends and takes at the HTTP level: security headers on the API and on the
 * console's files, a request timeout that cuts off a body sent byte by byte, a cap on open
 * connections, and the defaults of HOST, REQUEST_TIMEOUT_MS and MAX_CONNECTIONS.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { configFromEnv, DEFAULT_HOST, DEFAULT_MAX_CONNECTIONS, DEFAULT_REQUEST_TIMEOUT_MS } from '../../server-mock/config/config.ts';

/** A raw connection to the server and everything it has received until now. */
interface Raw {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

function open(port: number): Promise<Raw> {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.once('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

/** Send a keep-alive GET on the connection and wait for its whole answer (or the close). */
function get(raw: Raw, path: string): Promise<string> {
  const before = raw.received().length;
  raw.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
  return new Promise((resolve) => {
    const check = () => {
      const answer = raw.received().slice(before);
      const head = answer.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(answer);
      if (head >= 0 && length && answer.length >= head + 4 + Number(length[1])) return done(answer);
    };
    const done = (answer: string) => {
      raw.socket.off('data', check);
      resolve(answer);
    };
    raw.socket.on('data', check);
    void raw.closed.then(() => done(raw.received().slice(before)));
  });
}

describe('security headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    const staticDir = join(process.env.TMPDIR ?? '/tmp', `console-headers-${process.pid}`);
    mkdirSync(staticDir, { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
    server = await startTestServer({ staticDir });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const paths = [
    ['the console', '/'],
    ['a console route', '/sysuser'],
    ['an API answer', '/api/uaa/users/getSysUser'],
    ['an unknown call', '/api/no/such/call'],
    ['the API description', '/api-docs/json'],
  ];
  it.each(paths)('%s carries the CSP, nosniff, the frame and referrer policies', async (_name, path) => {
    const res = await fetch(server.url + path);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    // eval for the form validator's compiled schemas; never inline script
    expect(csp).toContain("script-src 'self' 'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('slow bodies and the connection cap', () => {
  let server: TestServer;
  const CAP = 3;
  beforeAll(async () => {
    server = await startTestServer({ requestTimeoutMs: 300, maxConnections: CAP });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 408 and closes a connection whose body is still arriving byte by byte at the request timeout', async () => {
    const raw = await open(server.port);
    const body = JSON.stringify({ tenantCode: 'demo', username: 'admin', password: 'x'.repeat(200) });
    raw.socket.write(
      `POST /api/admin/sysuser/registerAccountInitial HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    let sent = 0;
    // one byte at a time, never the whole body, until the server closes the connection
    const drip = setInterval(() => {
      if (!raw.socket.destroyed && sent < body.length - 1) raw.socket.write(body[sent++]!);
    }, 20);
    await raw.closed;
    clearInterval(drip);
    expect(sent).toBeLessThan(body.length - 1);
    expect(raw.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('serves up to MAX_CONNECTIONS connections and closes the next one unanswered; a freed place is taken again', async () => {
    const held: Raw[] = [];
    for (let i = 0; i < CAP; i++) {
      const raw = await open(server.port);
      expect(await get(raw, '/api/no/such')).toMatch(/^HTTP\/1\.1 404 /);
      held.push(raw);
    }
    const refused = await open(server.port);
    refused.socket.write('GET /api/no/such HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await refused.closed;
    expect(refused.received()).toBe('');
    // free one place: a new connection is served once the server has seen the close
    held[0]!.socket.destroy();
    await held[0]!.closed;
    let answer = '';
    for (let tries = 0; tries < 50 && !answer; tries++) {
      const raw = await open(server.port);
      answer = await get(raw, '/api/no/such');
      raw.socket.destroy();
    }
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    for (const raw of held) raw.socket.destroy();
  });
});

describe('defaults', () => {
  it('listens on loopback unless HOST says otherwise, with a request timeout and a connection cap', () => {
    const config = configFromEnv({});
    expect(DEFAULT_HOST).toBe('127.0.0.1');
    expect(config.host).toBe('127.0.0.1');
    expect(configFromEnv({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(config.requestTimeoutMs).toBe(DEFAULT_REQUEST_TIMEOUT_MS);
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBeGreaterThan(0);
    expect(config.maxConnections).toBe(DEFAULT_MAX_CONNECTIONS);
    expect(configFromEnv({ REQUEST_TIMEOUT_MS: '5000', MAX_CONNECTIONS: '10' })).toMatchObject({
      requestTimeoutMs: 5000,
      maxConnections: 10,
    });
    expect(() => configFromEnv({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS/);
  });
});
