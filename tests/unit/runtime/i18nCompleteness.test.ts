import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '../../..');
const runtimeDir = join(root, 'runtime');
const LOCALES = ['en', 'zh', 'tw'] as const;

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const readMessages = (file: string) => flatten(JSON.parse(readFileSync(join(runtimeDir, 'i18n/messages', file), 'utf8')) as Tree);
/** Sign-in and public strings (messages/<l>.json), and the signed-in layout's (messages/layout/<l>.json). */
const firstPaint = Object.fromEntries(LOCALES.map((l) => [l, readMessages(`${l}.json`)])) as Record<
  (typeof LOCALES)[number],
  Map<string, string>
>;
const layout = Object.fromEntries(LOCALES.map((l) => [l, readMessages(`layout/${l}.json`)])) as Record<
  (typeof LOCALES)[number],
  Map<string, string>
>;
/** The demo pages' strings (messages/demo/<l>.json), loaded with the first demo page. */
const demo = Object.fromEntries(LOCALES.map((l) => [l, readMessages(`demo/${l}.json`)])) as Record<
  (typeof LOCALES)[number],
  Map<string, string>
>;
/** The registration and password-recovery pages' strings (messages/public/<l>.json), bundled with those pages. */
const accountPages = Object.fromEntries(LOCALES.map((l) => [l, readMessages(`public/${l}.json`)])) as Record<
  (typeof LOCALES)[number],
  Map<string, string>
>;
/** The netdisc's strings (pages/netdisc/messages/<l>.json), loaded with the netdisc. */
const netdisc = Object.fromEntries(
  LOCALES.map((l) => [l, flatten(JSON.parse(readFileSync(join(runtimeDir, 'pages/netdisc/messages', `${l}.json`), 'utf8')) as Tree)]),
) as Record<(typeof LOCALES)[number], Map<string, string>>;
/** The monitoring pages' strings (pages/monitor/messages/<l>.json), loaded with them. */
const monitor = Object.fromEntries(
  LOCALES.map((l) => [l, flatten(JSON.parse(readFileSync(join(runtimeDir, 'pages/monitor/messages', `${l}.json`), 'utf8')) as Tree)]),
) as Record<(typeof LOCALES)[number], Map<string, string>>;
const messages = Object.fromEntries(
  LOCALES.map((l) => [l, new Map([...firstPaint[l], ...layout[l], ...demo[l], ...accountPages[l], ...netdisc[l], ...monitor[l]])]),
) as Record<(typeof LOCALES)[number], Map<string, string>>;

function schemaKeys(locale: string): Map<string, string> {
  const file = join(root, 'schemas/locales', `${locale}.json`);
  return existsSync(file) ? flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree) : new Map();
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (name === 'generated' || name === 'node_modules') continue;
    if (statSync(full).isDirectory()) out.push(...sources(full));
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

const files = sources(runtimeDir).map((f) => ({ file: relative(root, f), text: readFileSync(f, 'utf8') }));
const namespaces = new Set([...messages.en.keys()].map((k) => k.split('.')[0]!));

describe('i18n completeness', () => {
  it('keeps the sign-in strings and the signed-in layout strings apart (no key in both)', () => {
    for (const l of LOCALES) expect([...layout[l].keys()].filter((k) => firstPaint[l].has(k))).toEqual([]);
    for (const l of LOCALES)
      expect([...demo[l].keys()].filter((k) => firstPaint[l].has(k) || layout[l].has(k) || !k.startsWith('demo.'))).toEqual([]);
    for (const l of LOCALES)
      expect(
        [...accountPages[l].keys()].filter((k) => firstPaint[l].has(k) || layout[l].has(k) || !/^(register|forgot)\./.test(k)),
      ).toEqual([]);
    expect(firstPaint.en.has('login.title')).toBe(true);
    expect(layout.en.has('resource.reset')).toBe(true);
    expect(firstPaint.en.has('resource.reset')).toBe(false);
  });

  it('has every console key in all three locales, none empty', () => {
    const all = new Set(LOCALES.flatMap((l) => [...messages[l].keys()]));
    for (const locale of LOCALES) {
      const missing = [...all].filter((k) => !messages[locale].has(k));
      expect(missing, `missing in ${locale}`).toEqual([]);
      const empty = [...messages[locale]].filter(([, v]) => !v.trim()).map(([k]) => k);
      expect(empty, `empty in ${locale}`).toEqual([]);
    }
  });

  it('uses the same interpolation variables in every locale', () => {
    for (const [key, en] of messages.en) {
      const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
      for (const locale of ['zh', 'tw'] as const) expect(vars(messages[locale].get(key)!), `${locale}:${key}`).toEqual(vars(en));
    }
  });

  it("defines every t('...') key used in runtime/", () => {
    const problems: string[] = [];
    for (const { file, text } of files) {
      for (const m of text.matchAll(/\bt\(\s*'([^'$]+)'/g)) {
        const key = m[1]!;
        for (const locale of LOCALES) {
          if (!messages[locale].has(key) && !schemaKeys(locale).has(key)) problems.push(`${file}: ${key} (${locale})`);
        }
      }
      // t(['schema.key', 'console.fallback']): the last key is the console's own fallback.
      for (const m of text.matchAll(/\bt\(\s*\[([^\]]+)\]/g)) {
        const keys = [...m[1]!.matchAll(/'([^']+)'/g)].map((k) => k[1]!);
        const fallback = keys[keys.length - 1]!;
        for (const locale of LOCALES) if (!messages[locale].has(fallback)) problems.push(`${file}: ${fallback} (${locale})`);
      }
      // t(`prefix.${x}`): the prefix must name a group of keys.
      for (const m of text.matchAll(/\bt\(\s*`([\w.]+)\.\$\{/g)) {
        const prefix = `${m[1]}.`;
        if (prefix === 'route.') continue; // schema route labels, looked up with i18next.exists first
        for (const locale of LOCALES) {
          if (![...messages[locale].keys()].some((k) => k.startsWith(prefix))) problems.push(`${file}: ${prefix}* (${locale})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('defines every key-like string literal of a console namespace (titles, greetings, route titles)', () => {
    const problems: string[] = [];
    for (const { file, text } of files) {
      for (const m of text.matchAll(/'([a-z][A-Za-z]*\.[A-Za-z][\w.]*)'/g)) {
        const key = m[1]!;
        if (!namespaces.has(key.split('.')[0]!) || /\.(ts|tsx|json|css)$/.test(key)) continue;
        for (const locale of LOCALES) if (!messages[locale].has(key)) problems.push(`${file}: ${key} (${locale})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('covers the dynamic size and settings keys', () => {
    for (const locale of LOCALES) {
      for (const size of ['default', 'medium', 'small', 'mini']) expect(messages[locale].has(`navbar.sizes.${size}`)).toBe(true);
      for (const s of ['tagsView', 'fixedHeader', 'sidebarLogo', 'supportPinyinSearch'])
        expect(messages[locale].has(`settings.${s}`)).toBe(true);
    }
  });
});
