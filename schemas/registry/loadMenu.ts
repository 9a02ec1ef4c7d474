/**
 * Reads and checks schemas/menu.json: the console's route table and the menu every tenant
 * starts with. Mistakes are reported like those of resource files (file, JSON pointer, message).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import type { Registry } from './types.ts';
import { RegistryError, type RegistryIssue } from './loadRegistry.ts';
import { LOCALES, hasMessage, loadLocales } from './locales.ts';

export interface MenuNode {
  code: string;
  path: string;
  name: string;
  component: string;
  title: string;
  icon?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  redirect?: string;
  noCache?: boolean;
  affix?: boolean;
  activeMenu?: string;
  roles?: string[];
  resource?: string;
  externalUrl?: string;
  children?: MenuNode[];
}

const FILE = 'menu.json';

export function loadMenu(schemasDir: string, registry?: Registry): MenuNode[] {
  const issues: RegistryIssue[] = [];
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(join(schemasDir, FILE), 'utf8'));
  } catch (err) {
    throw new RegistryError([{ file: FILE, pointer: '', message: `not valid JSON: ${(err as Error).message}` }]);
  }
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(JSON.parse(readFileSync(join(schemasDir, 'menu.schema.json'), 'utf8')) as object);
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
              : (e.message ?? 'is invalid'),
        })),
    );
  }
  const menus = (doc as { menus: MenuNode[] }).menus;
  const locales = loadLocales(schemasDir);
  const codes = new Map<string, string>();
  const names = new Map<string, string>();
  const walk = (nodes: MenuNode[], base: string) => {
    nodes.forEach((n, i) => {
      const pointer = `${base}/${i}`;
      const prior = codes.get(n.code);
      if (prior) issues.push({ file: FILE, pointer: `${pointer}/code`, message: `menu code "${n.code}" is also used at ${prior}` });
      codes.set(n.code, pointer);
      const priorName = names.get(n.name);
      if (priorName) issues.push({ file: FILE, pointer: `${pointer}/name`, message: `route name "${n.name}" is also used at ${priorName}` });
      names.set(n.name, pointer);
      if (n.resource && registry && !registry.byName.has(n.resource)) {
        issues.push({ file: FILE, pointer: `${pointer}/resource`, message: `unknown resource "${n.resource}"` });
      }
      const target = n.resource ? registry?.byName.get(n.resource) : undefined;
      if (target && target.menu !== n.code) {
        issues.push({ file: FILE, pointer: `${pointer}/code`, message: `resource ${target.name} names menu "${target.menu ?? ''}", not "${n.code}"` });
      }
      for (const locale of LOCALES) {
        if (!hasMessage(locales[locale], n.title)) {
          issues.push({ file: FILE, pointer: `${pointer}/title`, message: `i18n key "${n.title}" is missing in schemas/locales/${locale}.json` });
        }
      }
      if (n.children) walk(n.children, `${pointer}/children`);
    });
  };
  walk(menus, '/menus');
  if (issues.length) throw new RegistryError(issues);
  return menus;
}
