import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import { resourceMeta } from '../../schemas/registry/resourceMeta.ts';
import { resources } from '../../runtime/generated/resources.ts';
import { addField, editField, newDocument, type MessageTree } from './designDocument.ts';
import { checkDocument } from './checkDocument.ts';
import { exportFiles, importFiles, ImportError, mergeMessages } from './resourceFile.ts';

const schemasDir = join(import.meta.dirname, '../../schemas');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const doc = produce(newDocument('Supplier'), (d) => {
  addField(d, 'text', 0);
  addField(d, 'relation', 1);
  addField(d, 'dateRange', 2);
  editField(d, 'text1', { property: 'required', value: true });
  editField(d, 'text1', { property: 'pattern', value: '^[A-Z]+$' });
  for (const locale of ['en', 'zh', 'tw'] as const) editField(d, 'text1', { property: 'patternMessage', locale, value: `caps ${locale}` });
  editField(d, 'start1', { property: 'visibleWhen', value: { field: 'text1', equals: 'X' } });
});

describe('export and import of resource files', () => {
  it('exports a file and locale entries that the registry loads into the same metadata', () => {
    const files = exportFiles(doc);
    expect(files.fileName).toBe('supplier.json');
    const copy = mkdtempSync(join(tmpdir(), 'designer-export-'));
    dirs.push(copy);
    cpSync(schemasDir, copy, { recursive: true });
    writeFileSync(join(copy, 'resources', files.fileName), files.resourceText);
    const entries = JSON.parse(files.localesText) as Record<string, MessageTree>;
    for (const locale of ['en', 'zh', 'tw']) {
      const path = join(copy, 'locales', `${locale}.json`);
      writeFileSync(path, JSON.stringify(mergeMessages(JSON.parse(readFileSync(path, 'utf8')) as MessageTree, entries[locale]!), null, 2));
    }
    const registry = loadRegistry(copy);
    const fromFile = resourceMeta(registry.byName.get('Supplier')!);
    expect(fromFile).toEqual(checkDocument(doc, resources).meta);
  });

  it('imports the exported pair back to the same document', () => {
    const files = exportFiles(doc);
    expect(importFiles(files.resourceText, files.localesText, () => undefined)).toEqual(doc);
  });

  it('imports a file alone with the texts the console has for its labels', () => {
    const files = exportFiles(doc);
    const imported = importFiles(files.resourceText, undefined, (locale, key) =>
      key === 'resources.Supplier.fields.text1' ? `code ${locale}` : undefined,
    );
    expect(imported.messages.zh).toEqual({ resources: { Supplier: { title: '', fields: { text1: 'code zh' } } } });
  });

  it('refuses text that is not a resource file', () => {
    expect(() => importFiles('{"name": ', undefined, () => undefined)).toThrow(ImportError);
    expect(() => importFiles('[]', undefined, () => undefined)).toThrow('resource file: must be a JSON object');
    expect(() => importFiles('{}', '"x"', () => undefined)).toThrow('locale entries: must be an object of messages by language');
  });
});
