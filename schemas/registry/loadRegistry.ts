/**
 * Reads, validates and normalises the resource files of a schemas directory.
 * The server, the generators and the tests all load resources through here, so a
 * mistake in a file is reported the same way everywhere: file, JSON pointer, message.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Ajv, ErrorObject } from 'ajv';
import type { CallDef, Registry, Resource, ResourceFile } from './types.ts';
import { LOCALES, type Locale, hasMessage, loadLocales, missingSharedLabels } from './locales.ts';
import { createAjv } from './ajv.ts';
import type { RegistryIssue } from './normalise/context.ts';
import { normalise } from './normalise/index.ts';
import { checkAssignActions, checkLinkCall, checkLinks } from './normalise/links.ts';
import { ambiguityMessage, CallDirectory, callRefSites, clientName, nameClientFunctions } from './callRefs.ts';

export type { RegistryIssue };

export class RegistryError extends Error {
  readonly issues: RegistryIssue[];
  constructor(issues: RegistryIssue[]) {
    super(`Invalid resource files:\n` + issues.map((i) => `  ${i.file} at ${i.pointer || '/'}: ${i.message}`).join('\n'));
    this.name = 'RegistryError';
    this.issues = issues;
  }
}

/** The project's Ajv (schemas/registry/ajv.ts), strict: a record schema with an unknown keyword is refused. */
export function createSchemaAjv(): Ajv {
  return createAjv({ strict: true, strictRequired: false });
}

export function metaSchemaPath(schemasDir: string): string {
  return join(schemasDir, 'resource.schema.json');
}

export function ajvIssues(file: string, errors: ErrorObject[] | null | undefined, base = ''): RegistryIssue[] {
  return (errors ?? []).map((e) => {
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'additionalProperties') {
      message = `unknown property "${String((e.params as { additionalProperty: string }).additionalProperty)}"`;
    } else if (e.keyword === 'enum' && e.instancePath.endsWith('/x-kind')) {
      message = `unknown field kind ${JSON.stringify(e.data)}: the kinds are ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')} (a new kind is added to definitions.fieldKind of resource.schema.json and registered in the console with registerFieldKind())`;
    } else if (e.keyword === 'enum') {
      message = `must be one of ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`;
    }
    return { file, pointer: base + e.instancePath, message };
  });
}

export interface LoadOptions {
  /** Check label keys against the locale files (default true). */
  checkLocales?: boolean;
}

/** Load every resource file of `schemasDir/resources`. Throws RegistryError listing every mistake. */
export function loadRegistry(schemasDir: string, options: LoadOptions = {}): Registry {
  const issues: RegistryIssue[] = [];
  const resourcesDir = join(schemasDir, 'resources');
  const metaAjv = createAjv({ verbose: true });
  const meta = JSON.parse(readFileSync(metaSchemaPath(schemasDir), 'utf8')) as object;
  const validateMeta = metaAjv.compile(meta);
  const schemaAjv = createSchemaAjv();

  const files = readdirSync(resourcesDir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const parsed: { file: string; doc: ResourceFile }[] = [];
  /** Resources whose file was refused: what names them is not checked again (one mistake, one issue). */
  const unreadable = new Set<string>();
  for (const f of files) {
    const file = join('resources', f);
    let doc: unknown;
    try {
      doc = JSON.parse(readFileSync(join(resourcesDir, f), 'utf8'));
    } catch (err) {
      issues.push({ file, pointer: '', message: `not valid JSON: ${(err as Error).message}` });
      continue;
    }
    if (!validateMeta(doc)) {
      issues.push(...ajvIssues(file, validateMeta.errors));
      const name = (doc as { name?: unknown } | null)?.name;
      if (typeof name === 'string') unreadable.add(name);
      continue;
    }
    const rf = doc as ResourceFile;
    if (rf.record) {
      try {
        schemaAjv.compile(rf.record);
      } catch (err) {
        issues.push({ file, pointer: '/record', message: `not a valid JSON Schema: ${(err as Error).message}` });
        continue;
      }
    }
    parsed.push({ file, doc: rf });
  }

  const resources: Resource[] = parsed.map(({ file, doc }) => normalise(file, doc, issues));
  const byName = new Map<string, Resource>();
  const byPath = new Map<string, Resource>();
  for (const r of resources) {
    if (byName.has(r.name)) {
      issues.push({ file: r.file, pointer: '/name', message: `resource name "${r.name}" is also used by ${byName.get(r.name)!.file}` });
    }
    byName.set(r.name, r);
    const key = `${r.service}/${r.path}`;
    if (byPath.has(key)) {
      issues.push({ file: r.file, pointer: '/path', message: `URL prefix /api/${key} is also used by ${byPath.get(key)!.file}` });
    }
    byPath.set(key, r);
  }
  const tables = new Map<string, Resource>();
  for (const r of resources) {
    if (r.kind === 'service') continue;
    if (tables.has(r.table)) {
      issues.push({ file: r.file, pointer: '/table', message: `table "${r.table}" is also used by ${tables.get(r.table)!.file}` });
    }
    tables.set(r.table, r);
  }
  checkStandardNames(resources, issues);
  nameClientFunctions(resources.flatMap((r) => r.calls));
  const directory = new CallDirectory(resources);
  for (const r of resources) crossCheck(r, byName, directory, unreadable, issues);

  if (options.checkLocales !== false) {
    const locales = loadLocales(schemasDir);
    for (const r of resources) checkLabels(r, locales, issues);
    for (const { locale, key, from } of missingSharedLabels(locales)) {
      issues.push({
        file: `locales/${locale}.json`,
        pointer: `/${key
          .split('.')
          .map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1'))
          .join('/')}`,
        message: `i18n key "${key}" is in schemas/locales/${from}.json but missing here`,
      });
    }
  }

  const calls: CallDef[] = [];
  const callByUrl = new Map<string, CallDef>();
  for (const r of resources) {
    for (const c of r.calls) {
      const prior = callByUrl.get(c.url);
      if (prior) {
        issues.push({ file: r.file, pointer: '/calls', message: `call ${c.url} is also declared by resource ${prior.resource}` });
        continue;
      }
      callByUrl.set(c.url, c);
      calls.push(c);
    }
  }

  if (issues.length) throw new RegistryError(issues);
  return { resources, byName, calls, callByUrl };
}

/**
 * The standard calls keep their names (the console finds them by name, callRefs.ts): no other
 * call may take the name of one.
 */
function checkStandardNames(resources: Resource[], issues: RegistryIssue[]): void {
  const standard = new Map<string, Resource>();
  for (const r of resources) for (const c of r.calls) if (c.verb !== 'custom') standard.set(c.name, r);
  for (const r of resources) {
    const declared = r.calls.filter((c) => c.verb === 'custom');
    for (const c of r.calls) {
      const owner = standard.get(c.name);
      if (!owner || owner === r) continue; // its own: normalise reports a declared call taking one
      issues.push({
        file: r.file,
        pointer: c.verb === 'custom' ? `/calls/${declared.indexOf(c)}/name` : '/name',
        message: `call name "${c.name}" is a standard call of ${owner.name} (${owner.file}): the console finds standard calls by name, so no other call may take one`,
      });
    }
  }
}

/**
 * The calls a resource names, by the rule of callRefs.ts: each must name one call. Where the
 * call's client function is not the name written, the resource keeps it (`callRefs`) for the
 * console's metadata.
 */
function checkCallRefs(
  r: Resource,
  calls: CallDirectory<CallDef>,
  unreadable: ReadonlySet<string>,
  check: (ok: boolean, pointer: string, message: string) => void,
): void {
  const refs: Record<string, string> = {};
  for (const site of callRefSites(r)) {
    const found = calls.resolve(r, site.name);
    if ('ambiguous' in found) check(false, site.pointer, ambiguityMessage(site.name, r.service, found.ambiguous));
    else if ('missing' in found) {
      // The calls of a refused file are unknown: an assign dialog naming one is not a second mistake.
      if (unreadable.size > 0 && site.pointer.includes('/assign/')) continue;
      const where = /^\/actions\/\d+\/call$/.test(site.pointer) ? 'in calls of this or another resource' : 'in any resource';
      check(false, site.pointer, `no call named "${site.name}" ${where}`);
    } else if (clientName(found.call) !== site.name) refs[site.name] = clientName(found.call);
  }
  if (Object.keys(refs).length) r.callRefs = refs;
  else delete r.callRefs;
}

export function crossCheck(
  r: Resource,
  byName: Map<string, Resource>,
  calls: CallDirectory<CallDef>,
  unreadable: ReadonlySet<string>,
  issues: RegistryIssue[],
): void {
  const check = (ok: boolean, pointer: string, message: string) => {
    if (!ok) issues.push({ file: r.file, pointer, message });
  };
  checkCallRefs(r, calls, unreadable, check);
  checkLinks(r, byName, unreadable, check);
  checkAssignActions(r, byName, check);
  r.calls.filter((c) => c.verb === 'custom').forEach((c, i) => checkLinkCall(c, i, byName, unreadable, check));
  (r.list.detailPanels ?? []).forEach((p, i) => {
    if (p.resource) check(byName.has(p.resource), `/list/detailPanels/${i}/resource`, `unknown resource "${p.resource}"`);
    for (const [param, field] of Object.entries(p.params ?? {}))
      check(r.fieldMap.has(field), `/list/detailPanels/${i}/params/${param}`, `unknown field "${field}"`);
  });
  r.actions.forEach((a, i) => {
    if (!a.run) return;
    check(a.kind === 'custom' && !!a.call, `/actions/${i}/run`, 'a run action is a custom action with the call it makes');
    for (const [param, field] of Object.entries({ ...a.run.params, ...a.run.form?.params }))
      check(r.fieldMap.has(field), `/actions/${i}/run/params/${param}`, `unknown field "${field}"`);
  });
  for (const [key, rel] of Object.entries(r.relations)) {
    if (unreadable.has(rel.resource) || (rel.through && unreadable.has(rel.through.resource))) continue; // that file was refused, and said why
    const target = byName.get(rel.resource);
    check(!!target, `/relations/${key}/resource`, `unknown resource "${rel.resource}"`);
    if (!target) continue;
    check(target.fieldMap.has(rel.valueField), `/relations/${key}/valueField`, `resource ${target.name} has no field "${rel.valueField}"`);
    check(target.fieldMap.has(rel.labelField), `/relations/${key}/labelField`, `resource ${target.name} has no field "${rel.labelField}"`);
    if (rel.as) check(!r.fieldMap.has(rel.as), `/relations/${key}/as`, `"${rel.as}" is already a field`);
    if (rel.candidates)
      check(!!rel.through, `/relations/${key}/candidates`, 'candidates are for a many-valued relation (through a link resource)');
    if (rel.through) {
      const pointer = `/relations/${key}/through`;
      const link = byName.get(rel.through.resource);
      check(link?.kind === 'link', `${pointer}/resource`, `"${rel.through.resource}" is not a link resource`);
      if (!link || link.kind !== 'link') continue;
      check(
        link.scope === r.scope,
        `${pointer}/resource`,
        `link resource ${link.name} is ${link.scope}-scoped, ${r.name} is ${r.scope}-scoped`,
      );
      const recordKey = link.fieldMap.get(rel.through.recordKey);
      const valueKey = link.fieldMap.get(rel.through.valueKey);
      check(
        recordKey?.type === 'integer',
        `${pointer}/recordKey`,
        `resource ${link.name} has no integer field "${rel.through.recordKey}" (it holds the record's id)`,
      );
      check(
        !!valueKey && valueKey.type === target.fieldMap.get(rel.valueField)?.type,
        `${pointer}/valueKey`,
        `resource ${link.name} has no field "${rel.through.valueKey}" of the type of ${target.name}.${rel.valueField}`,
      );
    }
  }
  if (r.list.filterTree) {
    const target = byName.get(r.list.filterTree.resource);
    check(!!target?.list.tree, '/list/filterTree/resource', `"${r.list.filterTree.resource}" is not a tree resource`);
    check(r.fieldMap.has(r.list.filterTree.field), '/list/filterTree/field', `unknown field "${r.list.filterTree.field}"`);
    const valueField = r.list.filterTree.valueField;
    if (valueField !== undefined && target)
      check(target.fieldMap.has(valueField), '/list/filterTree/valueField', `resource ${target.name} has no field "${valueField}"`);
  }
  if (r.list.detail) {
    const target = byName.get(r.list.detail.resource);
    check(!!target, '/list/detail/resource', `unknown resource "${r.list.detail.resource}"`);
    if (target)
      check(
        target.fieldMap.has(r.list.detail.foreignKey),
        '/list/detail/foreignKey',
        `resource ${target.name} has no field "${r.list.detail.foreignKey}"`,
      );
    const masterKey = r.list.detail.masterKey;
    if (masterKey !== undefined)
      check(r.fieldMap.has(masterKey), '/list/detail/masterKey', `resource ${r.name} has no field "${masterKey}"`);
  }
}

export function checkLabels(r: Resource, locales: Record<Locale, Record<string, unknown>>, issues: RegistryIssue[]): void {
  const keys: [string, string][] = [['/labels/title', r.labels.title]];
  for (const f of r.fields) if (f.label) keys.push([`/labels/fields/${f.name}`, f.label]);
  for (const x of [...r.list.search.basic, ...r.list.search.advanced])
    if (x.link) keys.push([`/labels/fields/${x.field}`, r.labels.fields[x.field]!]);
  for (const a of r.actions) if (a.label) keys.push([`/actions/${a.name}/label`, a.label]);
  for (const [field, ui] of Object.entries(r.form.ui)) {
    if (ui.placeholder) keys.push([`/form/ui/${field}/placeholder`, ui.placeholder]);
    if (ui.help) keys.push([`/form/ui/${field}/help`, ui.help]);
    if (ui.patternMessage) keys.push([`/form/ui/${field}/patternMessage`, ui.patternMessage]);
  }
  for (const [pointer, key] of keys) {
    for (const locale of LOCALES) {
      if (!hasMessage(locales[locale], key)) {
        issues.push({ file: r.file, pointer, message: `i18n key "${key}" is missing in schemas/locales/${locale}.json` });
      }
    }
  }
}
