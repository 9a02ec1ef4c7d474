/**
 * The Fastify application: the API plugin under /api (calls from the registry), the OpenAPI
 * description with Swagger UI at /swagger, and the built console (dist/) with a fallback to
 * index.html for the console's client-side routes.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { registerPreviewFrame } from './previewFrame.ts';
import helmet from 'helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Services } from '../calls/context.ts';
import { API_PREFIX, apiPlugin, errorHandler } from '../calls/registerCalls.ts';
import { allHandlers } from '../calls/handlers.ts';
import { failure } from '../http/envelope.ts';
import { loggerOptions } from './logging.ts';
import { mockApi } from '../mockApi/mockApi.ts';
import { articleStoreOf } from '../mockApi/mockHandlers.ts';
import { endLiveStreams } from '../notification/liveStream.ts';
import { registerMetrics, SWAGGER_PATH } from '../monitoring/metrics.ts';

/** Largest JSON body accepted (bytes). */
const BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Content-Security-Policy of the console and the API. Scripts only from this origin (the
 * console has no inline script), with 'unsafe-eval' because the record form's validator
 * (Ajv through @rjsf/validator-ajv8) compiles each form's JSON Schema into a function in the
 * browser; no string from a record is ever evaluated (docs/security.md); styles also inline (antd writes its CSS-in-JS into style
 * elements and attributes, TinyMCE its skin); images and fonts also as data: and blob: URLs
 * (captcha, avatars, pasted images); frames and workers only of this origin, and only this
 * origin may frame the console.
 */
const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // the monitoring pages frame the tenant's configured tools (docs/monitoring.md), sandboxed
  frameSrc: ["'self'", 'http:', 'https:'],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

export interface BuildOptions {
  logger: false | { level: string; stream?: NodeJS.WritableStream };
  staticDir: string;
  /** Longest time (ms) to receive a whole request; 0: no limit. */
  requestTimeoutMs: number;
  /** Most open connections at once. */
  maxConnections: number;
}

/** How often (ms) open connections are checked against the request timeout: a tenth of it, 1 s at most. */
function connectionsCheckingInterval(requestTimeoutMs: number): number {
  return requestTimeoutMs > 0 ? Math.max(10, Math.min(1000, Math.floor(requestTimeoutMs / 10))) : 30_000;
}

export async function buildServer(services: Services, options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? loggerOptions(options.logger.level, options.logger.stream) : false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 200 },
    // a client that sends its headers or body slowly is cut off once the whole request has
    // not arrived within this time (Node checks open connections every interval)
    requestTimeout: options.requestTimeoutMs,
    http: {
      connectionsCheckingInterval: connectionsCheckingInterval(options.requestTimeoutMs),
      ...(options.requestTimeoutMs > 0
        ? { requestTimeout: options.requestTimeoutMs, headersTimeout: Math.min(60_000, options.requestTimeoutMs) }
        : {}),
    },
    // the console and the API share one origin: no CORS
  });
  // past the cap, Node closes a new connection as soon as it is accepted
  app.server.maxConnections = options.maxConnections;
  services.log = app.log;
  registerMetrics(app, services);
  // open live channels end with the server (its close waits for no open stream)
  app.addHook('preClose', (done) => {
    endLiveStreams(services);
    done();
  });
  app.setErrorHandler(errorHandler);
  // The security headers of every answer, from one policy built once (a plugin that rebuilt it on
  // every request cost the list calls a few per cent of their throughput).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // the console frames only itself
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'no-referrer' },
    // the server speaks plain HTTP; a TLS front end sets HSTS
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Platform API',
        description: 'The platform calls served by this server, described from the resource files in schemas/.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: SWAGGER_PATH });

  // The API: one encapsulated plugin with its own hooks, parsers and 404 answer (calls/registerCalls.ts).
  await app.register(apiPlugin, { prefix: API_PREFIX, services, handlers: allHandlers() });
  if (services.config.mockApi)
    await app.register(mockApi, { schemasDir: services.config.schemasDir, now: services.now, articles: articleStoreOf(services) });

  const index = join(options.staticDir, 'index.html');
  registerPreviewFrame(app, options.staticDir);
  if (existsSync(options.staticDir)) {
    // wildcard: files are looked up per request, so a rebuilt console is served without a restart
    await app.register(fastifyStatic, { root: options.staticDir, wildcard: true, index: ['index.html'] });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // only GET requests can be client-side routes of the console
    if (request.method !== 'GET') {
      return reply.code(404).send(failure(404, `No such call: ${request.method} ${path}`));
    }
    if (!existsSync(index)) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The console is not built. Run "npm run build" (or "npm start", which builds it).');
    }
    // Client-side routes of the console.
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });

  return app;
}
