import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { resources } from '../../runtime/generated/resources.ts';
import type { ResourceMeta } from '../../schemas/registry/types.ts';
import { addField, editField, newDocument } from './designDocument.ts';
import { checkDocument, documentChecker, withoutOwnPublication } from './checkDocument.ts';

const doc = produce(newDocument('Supplier'), (d) => {
  addField(d, 'text', 0);
});
const ownMeta = checkDocument(doc, resources).meta!;

describe("a published form's own publication", () => {
  it('is a clash while it is in the registry, and none once left out', () => {
    const published: Record<string, ResourceMeta> = { Supplier: ownMeta };
    const known = { ...published, ...resources };
    expect(checkDocument(doc, known).issues.map((i) => i.pointer)).toEqual(['/resource/name', '/resource/path']);
    const left = withoutOwnPublication(known, published, 'Supplier');
    expect(left.Supplier).toBeUndefined();
    expect(checkDocument(doc, left).issues).toEqual([]);
    // a form that is not published (no name) keeps every clash
    expect(withoutOwnPublication(known, published, undefined)).toBe(known);
  });

  it('never leaves out a file resource of the same name', () => {
    const file = resources.SysUser!;
    const published: Record<string, ResourceMeta> = { SysUser: { ...file } };
    expect(withoutOwnPublication(resources, published, 'SysUser').SysUser).toBe(file);
  });
});

describe('documentChecker', () => {
  const check = documentChecker();
  const labelled = (d: typeof doc, text: string) =>
    produce(d, (draft) => editField(draft, 'text1', { property: 'label', locale: 'en', value: text }));

  it('answers as checkDocument, edit after edit', () => {
    const steps = [
      doc,
      labelled(doc, 'Code'),
      labelled(doc, ''), // a label without text in one language
      produce(doc, (d) => void addField(d, 'number', 1)),
      produce(doc, (d) => {
        d.resource.record!.properties.text1 = { type: 'string', maxLength: 'long' } as never; // not a JSON Schema
      }),
      produce(doc, (d) => {
        d.resource.record!.properties.text1 = { type: 'string', maxLength: 'long' } as never; // the same again
      }),
      labelled(doc, 'Code'),
    ];
    for (const step of steps) expect(check(step, resources)).toEqual(checkDocument(step, resources));
    expect(checkDocument(steps[2]!, resources).issues).toEqual([
      { pointer: '/resource/labels/fields/text1', message: 'no en text for "resources.Supplier.fields.text1" in /messages/en' },
    ]);
    expect(checkDocument(steps[4]!, resources).issues[0]!.pointer).toBe('/resource/record');
  });

  it('keeps the metadata of a document whose resource is the same object (a label edit)', () => {
    const first = check(labelled(doc, 'Code'), resources).meta!;
    const edited = labelled(labelled(doc, 'Code'), 'Codes');
    expect(edited.resource).toBe(doc.resource);
    expect(check(edited, resources).meta).toBe(first);
    // another resource, or another registry, is checked again
    const required = produce(edited, (d) => editField(d, 'text1', { property: 'required', value: true }));
    expect(check(required, resources).meta).not.toBe(first);
    expect(check(required, { ...resources }).meta).toEqual(check(required, resources).meta);
  });
});
