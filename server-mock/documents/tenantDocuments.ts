/**
 * A tenant's published documents as the server serves them: each publication as a Resource
 * (normalised as a file is), the registry the tenant's calls see (the files, then its
 * documents), the calls of the live ones by URL, and the labels merged over the locale files.
 *
 * Kept per process and tenant. A publish in this process is served at once (`invalidate`). A
 * publish in another process on the same database: on PostgreSQL it is announced (NOTIFY) and
 * every process that listens forgets the tenant's documents when it hears it (`documentNotices`),
 * so the next request serves it; while listening, the database is asked only every
 * DOCUMENTS_LISTENING_CHECK_MS. On SQLite, or while PostgreSQL's listening connection is lost,
 * each process asks the database at most every DOCUMENTS_CHECK_MS (one small query: the count
 * and version sum of the tenant's publications).
 */
import type { CallDef, Registry, Resource, ResourceFile } from '../../schemas/registry/types.ts';
import { LOCALES, type Locale, type Messages } from '../../schemas/registry/locales.ts';
import { mergeMessages, type ResourceDocument } from '../../schemas/registry/document.ts';
import type { RegistryIssue } from '../../schemas/registry/loadRegistry.ts';
import { normalise } from '../../schemas/registry/normalise/index.ts';
import type { Services } from '../calls/context.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { Publication, PublicationNotices } from '../access/documentStore.ts';
import { DOCUMENTS_CHECK_MS, DOCUMENTS_LISTENING_CHECK_MS } from '../../schemas/registry/documentLimits.ts';

export interface TenantDocuments {
  stamp: string;
  checkedAt: number;
  publications: Publication[];
  /** Every publication that can be served (live or hidden), as a resource. */
  resources: Resource[];
  /** The live ones. */
  live: Resource[];
  /** The files' registry with the tenant's documents added (relations, labels, exports read it). */
  registry: Registry;
  /** Calls of the live documents by URL. */
  callByUrl: Map<string, CallDef>;
  /** The documents' own labels per locale (live ones). */
  messages: Record<Locale, Messages>;
  /** The locale files with the documents' labels merged in. */
  locales: Record<Locale, Messages>;
}

/**
 * A document's resource as published: normalised as a file is; its records live in the document
 * table under its name, and its view is named after the publication and its version.
 */
export function publishedResource(file: ResourceFile, publicationId: number, version: number): Resource {
  const issues: RegistryIssue[] = [];
  const r = normalise(`document:${file.name}`, { ...file, menu: file.menu ?? file.path }, issues);
  if (issues.length)
    throw new Error(`Published document ${file.name} no longer normalises: ${issues.map((i) => `${i.pointer} ${i.message}`).join('; ')}`);
  return { ...r, table: `doc${publicationId}v${version}`, document: { key: file.name } };
}

function emptyMessages(): Record<Locale, Messages> {
  return Object.fromEntries(LOCALES.map((l) => [l, {}])) as Record<Locale, Messages>;
}

function build(services: Services, publications: Publication[], stamp: string): TenantDocuments {
  const files = services.registry;
  const resources: Resource[] = [];
  const live: Resource[] = [];
  const messages = emptyMessages();
  const filePaths = new Set(files.resources.map((r) => `${r.service}/${r.path}`));
  for (const p of publications) {
    const doc = p.document as ResourceDocument;
    // a file resource added since the publication wins: the document is not served
    if (files.byName.has(p.name) || filePaths.has(`${p.service}/${p.path}`)) {
      services.log?.warn(`Published document ${p.name} clashes with a resource file: it is not served`);
      continue;
    }
    let r: Resource;
    try {
      r = publishedResource(doc.resource, p.id, p.version);
    } catch (err) {
      services.log?.error({ err }, `Published document ${p.name} cannot be served`);
      continue;
    }
    resources.push(r);
    if (p.status !== 'live') continue;
    live.push(r);
    for (const l of LOCALES) messages[l] = mergeMessages(messages[l], doc.messages?.[l] ?? {});
  }
  const byName = new Map(files.byName);
  for (const r of resources) byName.set(r.name, r);
  const callByUrl = new Map<string, CallDef>();
  for (const r of live) for (const c of r.calls) callByUrl.set(c.url, c);
  const registry: Registry = {
    resources: [...files.resources, ...resources],
    byName,
    calls: [...files.calls, ...live.flatMap((r) => r.calls)],
    callByUrl: new Map([...files.callByUrl, ...callByUrl]),
  };
  const locales = Object.fromEntries(LOCALES.map((l) => [l, mergeMessages(services.locales[l], messages[l])])) as Record<Locale, Messages>;
  return { stamp, checkedAt: Date.now(), publications, resources, live, registry, callByUrl, messages, locales };
}

const caches = new WeakMap<Services, Map<string, TenantDocuments>>();
/** The processes' services that hear PostgreSQL's announcements of publications. */
const listening = new WeakSet<Services>();

function cacheOf(services: Services): Map<string, TenantDocuments> {
  let cache = caches.get(services);
  if (!cache) caches.set(services, (cache = new Map()));
  return cache;
}

/** The tenant's documents (data's tenant), reloaded when they changed; `fresh`: ask the database now. */
export async function tenantDocuments(services: Services, data: TenantData, fresh = false): Promise<TenantDocuments> {
  const cache = cacheOf(services);
  const held = cache.get(data.tenantCode);
  const checkMs = listening.has(services) ? DOCUMENTS_LISTENING_CHECK_MS : DOCUMENTS_CHECK_MS;
  if (held && !fresh && Date.now() - held.checkedAt < checkMs) return held;
  const store = data.documents();
  const stamp = await store.stamp();
  if (held && held.stamp === stamp) {
    held.checkedAt = Date.now();
    return held;
  }
  const next = build(services, await store.publications(), stamp);
  cache.set(data.tenantCode, next);
  return next;
}

/** Forget a tenant's documents (after this process published or unpublished one). */
export function invalidateDocuments(services: Services, tenantCode: string): void {
  cacheOf(services).delete(tenantCode);
}

/**
 * What this process does with the announcements of publications (access/documentStore.ts,
 * listenForPublications): forget the tenant's documents; when listening starts or stops, forget
 * every tenant's (an announcement may have been missed meanwhile).
 */
export function documentNotices(services: Services): PublicationNotices {
  return {
    changed: (tenantCode) => invalidateDocuments(services, tenantCode),
    listening: (on) => {
      if (on) listening.add(services);
      else listening.delete(services);
      cacheOf(services).clear();
    },
  };
}
