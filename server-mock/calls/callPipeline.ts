/**
 * One call answered: the caller's access (authentication, URL and button grants, platform
 * scope), the checks of its input, and its handler's answer sent in the platform envelope. The
 * API plugin (registerCalls.ts) runs it for the calls of the files, documents/ for the calls of
 * published resources.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallDef, JsonSchema, Resource } from '../../schemas/registry/types.ts';
import type { Locale } from '../../schemas/registry/locales.ts';
import { ApiError, badRequest, forbidden } from '../http/apiError.ts';
import { ok } from '../http/envelope.ts';
import type { RequestAccess } from '../access/requestAccess.ts';
import { EnvelopeResult, FileResult, HIJACKED, RawResult, type CallHandler, type Services } from './context.ts';
import { harden } from '../../schemas/registry/limits.ts';
import { standardSchemas } from '../crud/crudSchemas.ts';
import { refuseHiddenCriteria, withoutHiddenFields } from '../crud/hiddenFields.ts';
import { startAudit } from '../audit/auditTrail.ts';

function localeOf(request: FastifyRequest): Locale {
  const explicit = request.headers['x-language'] ?? request.headers.lang;
  const text = String(Array.isArray(explicit) ? explicit[0] : (explicit ?? request.headers['accept-language'] ?? '')).toLowerCase();
  if (/^(tw|zh-(tw|hk|mo|hant))/.test(text)) return 'tw';
  if (text.startsWith('zh')) return 'zh';
  return 'en';
}

function containsNul(value: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
  }
  return false;
}

export async function checkAccess(services: Services, request: FastifyRequest, call: CallDef, resource: Resource): Promise<void> {
  if (call.auth === 'public') return;
  const { system, tokens } = services;
  const access = await system.requestAccess(request, tokens, services.now());
  request.access = access;
  await checkGrants(services, access, call, resource);
}

/** The call's platform scope, URL grant and button grant for the caller. */
export async function checkGrants(services: Services, access: RequestAccess, call: CallDef, resource: Resource): Promise<void> {
  const { principal } = access;
  if (resource.scope === 'platform' && principal.tenantCode !== services.config.platformTenant) {
    throw forbidden(`Only administrators of the platform tenant may use ${resource.name}`);
  }
  if (call.auth === 'session') return;
  if (!(await access.urlGranted(call.url))) {
    throw forbidden(`You do not have permission to call ${call.url}`);
  }
  if (call.permission && !(await access.buttonGranted(call.permission))) {
    throw forbidden(`You do not have the permission ${call.permission}`);
  }
}

export function routeSchemas(call: CallDef, resource: Resource): { querystring?: JsonSchema; body?: JsonSchema } {
  if (call.verb !== 'custom') return standardSchemas(call, resource);
  const out: { querystring?: JsonSchema; body?: JsonSchema } = {};
  out.querystring = harden(
    call.query ? { additionalProperties: false, ...call.query } : { type: 'object', additionalProperties: false, properties: {} },
  );
  if (call.body) out.body = harden(call.body);
  return out;
}

/** What answering one call needs besides the request. */
export interface CallRoute {
  services: Services;
  handler: CallHandler;
  call: CallDef;
  resource: Resource;
  /** Pages that list this call's rows (list.source): their data permissions apply to its answer. */
  listedBy: Resource[];
  /** The resources whose records this call filters and sorts: none of their hidden fields may be a criterion. */
  filtered: Resource[];
}

/** Run a call's handler for a request whose access and input were checked, and send its answer. */
export async function answerCall(
  { services, handler, call, resource, listedBy, filtered }: CallRoute,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const access = request.access;
  const ctx = {
    request,
    reply,
    call,
    resource,
    services,
    access,
    principal: access?.principal ?? null,
    data: access?.data ?? null,
    system: services.system,
    query: (request.query ?? {}) as Record<string, unknown>,
    body: request.body,
    locale: localeOf(request),
  };
  if (filtered.length) {
    const body = typeof ctx.body === 'object' && ctx.body !== null && !Array.isArray(ctx.body) ? (ctx.body as Record<string, unknown>) : {};
    await refuseHiddenCriteria(ctx, filtered, { ...ctx.query, ...body });
  }
  // A call that writes leaves its audit rows, in the transaction of its write (server-mock/audit/).
  const trail = startAudit(request, call, resource, ctx.principal, ctx.data, services.now);
  const answer = await handler(ctx);
  // a live channel (an event stream) answers by itself and writes nothing
  if (answer === HIJACKED) return reply;
  await trail?.finish(ctx.data, (code) => services.system.tenant(code), answer);
  const result = listedBy.length ? await withoutHiddenFields(ctx, listedBy, answer) : answer;
  if (result instanceof RawResult) return reply.code(result.httpStatus).send(result.body);
  if (result instanceof FileResult) {
    return reply
      .header('content-type', result.contentType)
      .header(
        'content-disposition',
        `attachment; filename="${encodeURIComponent(result.filename)}"; filename*=UTF-8''${encodeURIComponent(result.filename)}`,
      )
      .header('access-control-expose-headers', 'content-disposition')
      .send(result.body);
  }
  if (result instanceof EnvelopeResult) {
    return reply.send(
      result.data === undefined ? { status: 200, message: result.message } : { status: 200, message: result.message, data: result.data },
    );
  }
  return reply.send(ok(result));
}

/**
 * Checks of every call's input before its handler: multipart only for imports and uploads, an absent body
 * as an empty object, no NUL character anywhere.
 */
export function checkInput(call: CallDef, request: FastifyRequest, takesBody: boolean): void {
  // multipart/form-data: the import calls, and declared calls whose handler streams it (options.multipart, the file upload)
  if (request.isMultipart() && call.verb !== 'import' && call.options.multipart !== true) {
    throw new ApiError(415, `${call.url} does not take multipart/form-data: send JSON`);
  }
  // A call that takes a body and got none is validated as an empty object (clear field errors).
  if ((request.body === undefined || request.body === null) && takesBody) request.body = {};
  if (containsNul(request.query) || containsNul(request.body)) {
    throw badRequest('The request contains a NUL character');
  }
}
