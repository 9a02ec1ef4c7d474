/**
 * Export and import of a designer document as project files: the resource file (the shape of
 * schemas/resources/*.json, with its `$schema`) and its locale entries (one object per
 * language, to merge into schemas/locales/<locale>.json). `npm run gen` accepts the pair
 * unchanged once the file is in schemas/resources and the entries are merged; the file states the
 * menu code the published document has (its path unless the document names one). Pure.
 */
import { toSnakeCase } from '../../schemas/registry/naming.ts';
import type { ResourceFile } from '../../runtime/generated/fileTypes.ts';
import { LOCALES, type DesignDocument, type Locale, type MessageTree } from './designDocument.ts';
import { documentShapeIssues } from './checkDocument.ts';

export interface ExportedFiles {
  /** schemas/resources/<fileName> */
  fileName: string;
  resourceText: string;
  /** `{ "en": {...}, "zh": {...}, "tw": {...} }`: each merged under schemas/locales/<locale>.json. */
  localesFileName: string;
  localesText: string;
}

function resourceFileName(name: string): string {
  return `${toSnakeCase(name).replace(/_/g, '-')}.json`;
}

export function exportFiles(doc: DesignDocument): ExportedFiles {
  const { $schema: _drop, ...rest } = doc.resource;
  // the menu code is written out: a document's defaults to its path, a file's would be none
  const file: ResourceFile = { $schema: '../resource.schema.json', ...rest, menu: rest.menu ?? rest.path };
  const fileName = resourceFileName(doc.resource.name);
  return {
    fileName,
    resourceText: `${JSON.stringify(file, null, 2)}\n`,
    localesFileName: fileName.replace(/\.json$/, '.locales.json'),
    localesText: `${JSON.stringify(doc.messages, null, 2)}\n`,
  };
}

/** Merges locale entries into a locale file's messages (nested objects merge, strings replace). */
export function mergeMessages(into: MessageTree, entries: MessageTree): MessageTree {
  const out: MessageTree = { ...into };
  for (const [key, value] of Object.entries(entries)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? mergeMessages(existing, value) : value;
  }
  return out;
}

function messagesOf(value: unknown): Record<Locale, MessageTree> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ImportError('locale entries: must be an object of messages by language');
  const v = value as Record<string, unknown>;
  return Object.fromEntries(LOCALES.map((l) => [l, typeof v[l] === 'object' && v[l] !== null ? (v[l] as MessageTree) : {}])) as Record<
    Locale,
    MessageTree
  >;
}

export class ImportError extends Error {}

/**
 * A document from a resource file's text and, optionally, its locale entries' text; without
 * them, the texts the console already has for the file's label keys (`lookup`).
 */
export function importFiles(
  resourceText: string,
  localesText: string | undefined,
  lookup: (locale: Locale, key: string) => string | undefined,
): DesignDocument {
  let resource: unknown;
  try {
    resource = JSON.parse(resourceText);
  } catch (err) {
    throw new ImportError(`resource file: not valid JSON: ${(err as Error).message}`);
  }
  if (typeof resource !== 'object' || resource === null || Array.isArray(resource))
    throw new ImportError('resource file: must be a JSON object');
  const { $schema: _drop, ...file } = resource as ResourceFile;
  // a menu code that is the path is a document's default: left out, it follows the path as the document is edited
  if (file.menu !== undefined && file.menu === file.path) delete file.menu;
  let messages: Record<Locale, MessageTree> | undefined;
  if (localesText !== undefined) {
    try {
      messages = messagesOf(JSON.parse(localesText));
    } catch (err) {
      if (err instanceof ImportError) throw err;
      throw new ImportError(`locale entries: not valid JSON: ${(err as Error).message}`);
    }
  }
  if (!messages) {
    const name = typeof file.name === 'string' ? file.name : '';
    const fields = Object.keys(file.record?.properties ?? {});
    messages = Object.fromEntries(
      LOCALES.map((l): [Locale, MessageTree] => {
        const labelOf = (key: string) => lookup(l, key) ?? '';
        const fieldTexts: MessageTree = Object.fromEntries(
          fields.map((f) => [f, labelOf(file.labels?.fields?.[f] ?? `resources.${name}.fields.${f}`)]).filter(([, text]) => text !== ''),
        );
        const tree: MessageTree = {
          resources: { [name]: { title: labelOf(file.labels?.title ?? `resources.${name}.title`), fields: fieldTexts } },
        };
        return [l, tree];
      }),
    ) as Record<Locale, MessageTree>;
  }
  const doc = { resource: file, messages };
  const shape = documentShapeIssues(doc);
  if (shape.length) throw new ImportError(shape.map((i) => `${i.pointer}: ${i.message}`).join('; '));
  return doc;
}
