/**
 * What a call handler receives and may return. Handlers are registered by name and named
 * by the `handler` of a call in a resource file (standard calls use crud.*).
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { CallDef, Registry, Resource } from '../../schemas/registry/types.ts';
import type { Locale, Messages } from '../../schemas/registry/locales.ts';
import type { ServerConfig } from '../config/config.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { Principal } from '../access/principal.ts';
import type { RequestAccess } from '../access/requestAccess.ts';
import type { SystemStore } from '../access/systemStore.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { SmsProvider } from '../auth/sms.ts';

export interface Services {
  config: ServerConfig;
  registry: Registry;
  /**
   * The server's own tables (sessions, failures, codes), the tenant data of public calls and the
   * named operations across tenants. There is no database here: handlers reach it only
   * through this store and their TenantData.
   */
  system: SystemStore;
  tokens: TokenService;
  sms: SmsProvider;
  locales: Record<Locale, Messages>;
  log: FastifyBaseLogger;
  /** Clock, replaceable in tests. */
  now: () => Date;
}

export interface CallContext {
  request: FastifyRequest;
  reply: FastifyReply;
  call: CallDef;
  resource: Resource;
  services: Services;
  /** The caller's access: principal, the call's grants, tenant data (one per request); null only for public calls. */
  access: RequestAccess | null;
  /** The caller (access.principal); null only for public calls. */
  principal: Principal | null;
  /** Data access scoped to the caller's tenant (access.data); null only for public calls. */
  data: TenantData | null;
  /** The server's own tables (sessions, failures, codes, resets) and the tenants public calls name. */
  system: SystemStore;
  /** Validated query string. */
  query: Record<string, unknown>;
  /** Validated body. */
  body: unknown;
  /** Language of the caller, for labels in files. */
  locale: Locale;
}

/** A custom envelope message (data may be absent). */
export class EnvelopeResult {
  constructor(
    readonly data: unknown,
    readonly message = 'success',
  ) {}
}

/** A body sent as it is (OAuth token answers). */
export class RawResult {
  constructor(
    readonly body: unknown,
    readonly httpStatus = 200,
  ) {}
}

/** A file download. */
export class FileResult {
  constructor(
    readonly filename: string,
    readonly contentType: string,
    readonly body: Buffer,
  ) {}
}

/** The handler took the reply over (reply.hijack: a stream it writes and ends itself); nothing more is sent. */
export const HIJACKED = Symbol('hijacked');

export type CallHandler = (ctx: CallContext) => Promise<unknown>;

/** What an export needs of a call: the caller, the resource, the body (filters, columns), the language and the services. */
export type ExportContext = Pick<CallContext, 'access' | 'principal' | 'data' | 'call' | 'resource' | 'body' | 'locale'> & {
  services: Pick<Services, 'now' | 'locales'>;
};

/** A handler that runs with a signed-in caller (auth session or grant). */
export function withPrincipal(ctx: Pick<CallContext, 'access' | 'principal' | 'data' | 'call'>): {
  principal: Principal;
  data: TenantData;
  access: RequestAccess;
} {
  if (!ctx.access || !ctx.principal || !ctx.data) throw new Error(`Call ${ctx.call.url} needs a signed-in caller`);
  return { principal: ctx.principal, data: ctx.data, access: ctx.access };
}
