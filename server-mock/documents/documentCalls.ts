/**
 * The calls of published documents. Fastify's routes are fixed once the server listens, so a
 * published resource's calls are answered by the API's catch-all route: a path no file
 * declares is looked up among the live documents of the caller's tenant, and, when found, runs
 * the same steps as a file's call: authentication and the URL and button grants (the access
 * layer), the same JSON Schemas for the query string and body (checked with the same Ajv set-up),
 * the same handlers (crud.*) over the caller's TenantData, whose registry includes the tenant's
 * documents, and the same answer. A path of another tenant's document is no call at all (404).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ValidateFunction } from 'ajv';
import type { CallDef, Registry } from '../../schemas/registry/types.ts';
import { bearerToken } from '../access/principal.ts';
import type { CallHandler, Services } from '../calls/context.ts';
import { answerCall, checkGrants, checkInput, routeSchemas } from '../calls/callPipeline.ts';
import { bodyAjv, fieldErrors, queryAjv, validationError } from '../calls/validation.ts';
import { LIST_HANDLERS } from '../crud/hiddenFields.ts';
import { tenantDocuments } from './tenantDocuments.ts';

/** The URL shape of a resource's call: /api/{service}/{path}/{call}. */
const CALL_PATH = /^\/api\/([a-z][a-z0-9]*\/[a-z][a-z0-9]*)\/[A-Za-z][A-Za-z0-9]*$/;

/** The URL prefixes ({service}/{path}) of the files' resources: theirs are never a document's. */
const filePrefixes = new WeakMap<Registry, Set<string>>();

function isFilePrefix(registry: Registry, prefix: string): boolean {
  let set = filePrefixes.get(registry);
  if (!set) filePrefixes.set(registry, (set = new Set(registry.resources.map((r) => `${r.service}/${r.path}`))));
  return set.has(prefix);
}

const validators = new WeakMap<CallDef, { query: ValidateFunction; body?: ValidateFunction }>();

function validatorsOf(call: CallDef, schemas: ReturnType<typeof routeSchemas>): { query: ValidateFunction; body?: ValidateFunction } {
  let v = validators.get(call);
  if (!v) {
    v = {
      query: queryAjv.compile(schemas.querystring ?? { type: 'object' }),
      body: schemas.body ? bodyAjv.compile(schemas.body) : undefined,
    };
    validators.set(call, v);
  }
  return v;
}

/**
 * Answer the request if it is a call of a live document of the caller's tenant; false when it
 * is not (the caller answers 404). Refusals (401, 403, 400) are thrown as every call's are.
 */
export async function documentCall(
  services: Services,
  handlers: Map<string, CallHandler>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const path = request.url.split('?')[0] ?? '';
  const match = CALL_PATH.exec(path);
  const { system, registry, tokens } = services;
  if (!match || isFilePrefix(registry, match[1]!) || !bearerToken(request)) return false;
  const caller = await system.requestAccess(request, tokens, services.now());
  const base = caller.data;
  const docs = await tenantDocuments(services, base);
  const call = docs.callByUrl.get(path);
  if (!call || call.method !== request.method) return false;
  const resource = docs.registry.byName.get(call.resource)!;
  const handler = handlers.get(call.handler);
  if (!handler) throw new Error(`No server handler for ${call.url} (${call.handler})`);
  const access = caller.withData(base.withRegistry(docs.registry));
  request.access = access;
  await checkGrants(services, access, call, resource);
  const schemas = routeSchemas(call, resource);
  checkInput(call, request, !!schemas.body);
  const v = validatorsOf(call, schemas);
  request.query ??= {};
  const queryOk = v.query(request.query);
  const bodyOk = !v.body || v.body(request.body);
  if (!queryOk || !bodyOk) throw validationError(fieldErrors([...(v.query.errors ?? []), ...((!bodyOk && v.body?.errors) || [])]));
  const callServices: Services = { ...services, registry: docs.registry, locales: docs.locales };
  await answerCall(
    { services: callServices, handler, call, resource, listedBy: [], filtered: LIST_HANDLERS.has(call.handler) ? [resource] : [] },
    request,
    reply,
  );
  return true;
}
