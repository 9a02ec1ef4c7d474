/**
 * The API: one encapsulated Fastify plugin, registered under API_PREFIX, that mounts every call
 * of the registry as a route. Its hooks, body parsers, validator and request decorations apply
 * to its own routes only (the console's static files and client-side routes live outside it).
 * The access layer runs first on every API request (onRequest): it authenticates the caller,
 * checks the URL grant, the button grant and the platform scope, and builds the tenant-scoped
 * data access the handler gets.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { CallDef } from '../../schemas/registry/types.ts';
import { ApiError, type FieldError } from '../http/apiError.ts';
import { failure } from '../http/envelope.ts';
import type { RequestAccess } from '../access/requestAccess.ts';
import { type CallHandler, type Services } from './context.ts';
import { bodyAjv, fieldErrors, queryAjv, validationError } from './validation.ts';
import { LIST_HANDLERS } from '../crud/hiddenFields.ts';
import { callRateLimit } from '../auth/rateLimits.ts';
import { checkRecordPassword } from '../auth/recordPassword.ts';
import { MAX_IMPORT_BYTES } from '../crud/importXlsx.ts';
import { documentCall } from '../documents/documentCalls.ts';
import { answerCall, checkAccess, checkInput, routeSchemas } from './callPipeline.ts';

/** Where the API is mounted: every call's URL starts with it. */
export const API_PREFIX = '/api';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's access (principal, grants, tenant data); null for public calls. */
    access: RequestAccess | null;
  }
  interface FastifyContextConfig {
    call?: CallDef;
  }
}

export interface ApiOptions {
  services: Services;
  handlers: Map<string, CallHandler>;
}

/**
 * The API plugin; register it with `{ prefix: API_PREFIX }` and without fastify-plugin, so
 * that everything it sets up stays inside it.
 */
export async function apiPlugin(app: FastifyInstance, { services, handlers }: ApiOptions): Promise<void> {
  const { registry } = services;
  const missing = registry.calls.filter((c) => !handlers.has(c.handler));
  if (missing.length) {
    throw new Error(`No server handler for: ${missing.map((c) => `${c.url} (${c.handler})`).join(', ')}`);
  }
  const outside = registry.calls.filter((c) => !c.url.startsWith(`${API_PREFIX}/`));
  if (outside.length) throw new Error(`Calls outside ${API_PREFIX}: ${outside.map((c) => c.url).join(', ')}`);

  app.setErrorHandler(errorHandler);
  await app.register(formbody);
  // multipart/form-data is read by the import calls only (one file, MAX_IMPORT_BYTES at most);
  // the other calls refuse it (preValidation below).
  await app.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 },
  });
  // Per-address limits on the sign-in and account calls only (server-mock/auth/rateLimits.ts).
  await app.register(rateLimit, { global: false });
  // Every other path under the prefix is an unknown call (never the console's index.html).
  const noSuchCall = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    return reply.code(404).send(failure(404, `No such call: ${request.method} ${path}`));
  };
  app.setNotFoundHandler(noSuchCall);
  app.all('/', { schema: { hide: true } }, noSuchCall);
  // A path no file declares may be a call of a resource the caller's tenant published (documents/).
  app.all('/*', { schema: { hide: true } }, async (request, reply) => {
    const served = await documentCall(services, handlers, request, reply);
    return served ? reply : noSuchCall(request, reply);
  });

  app.decorateRequest('access', null);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'querystring' ? queryAjv.compile(schema) : bodyAjv.compile(schema)));

  app.addHook('onRequest', async (request) => {
    const call = request.routeOptions.config.call;
    if (!call) return;
    const resource = registry.byName.get(call.resource)!;
    await checkAccess(services, request, call, resource);
  });

  const queryAndBody = new Map<CallDef, { query: ValidateFunction; body: ValidateFunction }>();
  for (const call of registry.calls) {
    if (call.verb !== 'custom' || !call.query || !call.body) continue;
    const schemas = routeSchemas(call, registry.byName.get(call.resource)!);
    queryAndBody.set(call, { query: queryAjv.compile(schemas.querystring!), body: bodyAjv.compile(schemas.body!) });
  }

  app.addHook('preValidation', async (request) => {
    const call = request.routeOptions.config.call;
    if (!call) return;
    checkInput(call, request, !!request.routeOptions.schema?.body);
    // A call with both a query and a body schema: both are checked at once and every broken
    // parameter is named (Fastify checks the body first and stops there).
    const both = queryAndBody.get(call);
    if (both) {
      const queryOk = both.query(request.query);
      const bodyOk = both.body(request.body);
      if (!queryOk || !bodyOk) throw validationError(fieldErrors([...(both.query.errors ?? []), ...(both.body.errors ?? [])]));
    }
  });

  // A password set through a record (a user added or edited) meets the password policy.
  app.addHook('preHandler', async (request) => {
    const call = request.routeOptions.config.call;
    if (!call || (call.verb !== 'add' && call.verb !== 'update')) return;
    await checkRecordPassword(request.access?.data ?? null, registry.byName.get(call.resource)!, request.body);
  });

  for (const call of registry.calls) {
    // The development mock calls exist only with MOCK_API=1 (docs/mock-api.md); otherwise they are unknown calls.
    if (call.mock && !services.config.mockApi) continue;
    const resource = registry.byName.get(call.resource)!;
    const handler = handlers.get(call.handler)!;
    // Pages that list this call's rows (list.source): their data permissions apply to its answer.
    const listedBy = registry.resources.filter((r) => r.list.source?.call === call.name);
    // The resources whose records this call filters and sorts: none of their hidden fields may be a criterion.
    const filtered = LIST_HANDLERS.has(call.handler) ? [resource, ...listedBy] : listedBy;
    const schema = routeSchemas(call, resource);
    const rateLimit = callRateLimit(call, services.config);
    app.route({
      method: call.method,
      url: call.url.slice(API_PREFIX.length),
      config: rateLimit ? { call, rateLimit } : { call },
      schema: {
        ...schema,
        tags: [`${resource.service}/${resource.path}`],
        summary: call.description,
        operationId: call.name,
        // not part of the platform's API description
        ...(call.mock ? { hide: true } : {}),
      },
      handler: (request: FastifyRequest, reply: FastifyReply) =>
        answerCall({ services, handler, call, resource, listedBy, filtered }, request, reply),
    });
  }
}

/** Every error becomes the platform envelope; malformed input never gives a 5xx. */
export function errorHandler(error: FastifyError | ApiError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    return reply.code(error.httpStatus).send(failure(error.status, error.message, error.errors));
  }
  const fe = error as FastifyError & { validation?: ErrorObject[]; validationContext?: string };
  if (fe.validation) {
    const errors: FieldError[] = fieldErrors(fe.validation);
    const apiErr = validationError(errors) as ApiError;
    return reply.code(400).send(failure(400, apiErr.message, errors));
  }
  const status = fe.statusCode;
  if (status && status >= 400 && status < 500) {
    return reply.code(status).send(failure(status, fe.message || 'Bad request'));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(failure(500, 'Internal server error'));
}
