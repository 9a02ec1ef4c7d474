/**
 * Reads and checks schemas/menu.json: the console's route table and the menu every tenant
 * starts with. Mistakes are reported like those of resource files (file, JSON pointer, message).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MenuFile, MenuRoute } from '../../runtime/generated/fileTypes.ts';
import { createAjv } from './ajv.ts';
import type { Registry } from './types.ts';
import { RegistryError, type RegistryIssue } from './loadRegistry.ts';
import { LOCALES, hasMessage, loadLocales } from './locales.ts';

const FILE = 'menu.json';
/** Links starting with these count as external (spec section 5). */
const EXTERNAL = /^(https?:|mailto:|tel:)/;

/** The full path of a node whose parent's full path is `parentPath`. */
export function menuFullPath(parentPath: string, path: string): string {
  if (EXTERNAL.test(path) || path.startsWith('/')) return path;
  return `${parentPath.replace(/\/+$/, '')}/${path}`;
}

/** Load menu.json; with a registry, its resource pages are checked against their resources. */
export function loadMenu(schemasDir: string, registry?: Registry): MenuRoute[] {
  const issues: RegistryIssue[] = [];
  const issue = (pointer: string, message: string) => issues.push({ file: FILE, pointer, message });
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(join(schemasDir, FILE), 'utf8'));
  } catch (err) {
    throw new RegistryError([{ file: FILE, pointer: '', message: `not valid JSON: ${(err as Error).message}` }]);
  }
  const validate = createAjv().compile(JSON.parse(readFileSync(join(schemasDir, 'menu.schema.json'), 'utf8')) as object);
  if (!validate(doc)) {
    throw new RegistryError(
      (validate.errors ?? [])
        .filter((e) => e.keyword !== 'if')
        .map((e) => ({
          file: FILE,
          pointer: e.instancePath,
          message:
            e.keyword === 'additionalProperties'
              ? `unknown property "${String((e.params as { additionalProperty: string }).additionalProperty)}"`
              : e.keyword === 'not'
                ? e.schemaPath.includes('/allOf/0/')
                  ? 'resource is only for component "resource"'
                  : 'externalUrl is only for components "iframe" and "external"'
                : (e.message ?? 'is invalid'),
        })),
    );
  }
  const menus = (doc as MenuFile).menus;
  const locales = loadLocales(schemasDir);
  const codes = new Map<string, string>();
  const names = new Map<string, string>();
  const paths = new Map<string, string>();
  const targets: { pointer: string; path: string; what: string }[] = [];
  const codeByPath = new Map<string, string>();
  const detailRoutes: { pointer: string; resource: string; menu: string | undefined; activeMenu: string }[] = [];

  const walk = (nodes: MenuRoute[], base: string, parentPath: string) => {
    nodes.forEach((n, i) => {
      const pointer = `${base}/${i}`;
      const prior = codes.get(n.code);
      if (prior) issue(`${pointer}/code`, `menu code "${n.code}" is also used at ${prior}`);
      codes.set(n.code, pointer);
      const priorName = names.get(n.name);
      if (priorName) issue(`${pointer}/name`, `route name "${n.name}" is also used at ${priorName}`);
      names.set(n.name, pointer);

      const full = menuFullPath(parentPath, n.path);
      if (n.component === 'external') {
        if (n.path !== n.externalUrl || !EXTERNAL.test(n.path))
          issue(`${pointer}/path`, "an external entry's path is its externalUrl, starting with http, https, mailto or tel");
      } else {
        if (EXTERNAL.test(n.path)) issue(`${pointer}/path`, 'only an external entry may have a URL as its path');
        const priorPath = paths.get(full);
        if (priorPath) issue(`${pointer}/path`, `full path "${full}" is also used at ${priorPath}`);
        paths.set(full, pointer);
      }
      if (n.redirect && n.redirect !== 'noRedirect') targets.push({ pointer: `${pointer}/redirect`, path: n.redirect, what: 'redirect' });
      if (n.activeMenu) targets.push({ pointer: `${pointer}/activeMenu`, path: n.activeMenu, what: 'activeMenu' });

      if (n.resource && registry) {
        const target = registry.byName.get(n.resource);
        if (!target) issue(`${pointer}/resource`, `unknown resource "${n.resource}"`);
        else if (target.kind !== 'entity' && !target.list.source)
          issue(`${pointer}/resource`, `resource ${target.name} is a ${target.kind} without list.source, not a resource with a page`);
        // a hidden record route (a page's details) may show the resource of the entry it highlights (activeMenu)
        else if (target.menu !== n.code && !(n.hidden && n.activeMenu))
          issue(`${pointer}/code`, `resource ${target.name} names menu "${target.menu ?? ''}", not "${n.code}"`);
        else if (target.menu !== n.code)
          detailRoutes.push({ pointer, resource: target.name, menu: target.menu, activeMenu: n.activeMenu! });
      }
      codeByPath.set(full, n.code);
      for (const locale of LOCALES) {
        if (!hasMessage(locales[locale], n.title)) {
          issue(`${pointer}/title`, `i18n key "${n.title}" is missing in schemas/locales/${locale}.json`);
        }
      }
      if (n.children) walk(n.children, `${pointer}/children`, full);
    });
  };
  walk(menus, '/menus', '/');

  for (const t of targets) {
    if (!paths.has(t.path)) issue(t.pointer, `${t.what} "${t.path}" is not the full path of any menu entry`);
  }
  for (const d of detailRoutes) {
    const code = codeByPath.get(d.activeMenu);
    if (code !== d.menu)
      issue(
        `${d.pointer}/code`,
        `resource ${d.resource} names menu "${d.menu ?? ''}", neither this entry's code nor its activeMenu's ("${code ?? ''}")`,
      );
  }
  if (issues.length) throw new RegistryError(issues);
  return menus;
}
