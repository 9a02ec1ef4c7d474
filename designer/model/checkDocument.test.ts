import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { resources } from '../../runtime/generated/resources.ts';
import type { ResourceMeta } from '../../schemas/registry/types.ts';
import { addField, newDocument } from './designDocument.ts';
import { checkDocument, withoutOwnPublication } from './checkDocument.ts';

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
