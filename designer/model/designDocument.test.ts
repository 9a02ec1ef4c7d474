import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { resources } from '../../runtime/generated/resources.ts';
import { buildFormPlan } from '../../runtime/resource/form/formPlan.ts';
import { validateValues } from '../../runtime/resource/form/formValidator.ts';
import { valuesToSend, valuesToValidate } from '../../runtime/resource/form/formValues.ts';
import {
  addField,
  editField,
  fieldNames,
  fieldSummary,
  fieldView,
  moveField,
  newDocument,
  removeField,
  renameField,
  renameProblem,
  renameResource,
  visibleWhenValue,
  type DesignDocument,
} from './designDocument.ts';
import { checkDocument } from './checkDocument.ts';
import { FIELD_KINDS } from './fieldKinds.ts';

const edit = (doc: DesignDocument, recipe: (d: DesignDocument) => void) => produce(doc, recipe);

describe('design document', () => {
  it('adds a field of every palette kind, and the result passes the registry checks', () => {
    let doc = newDocument('Supplier');
    for (const kind of FIELD_KINDS) doc = edit(doc, (d) => void addField(d, kind, fieldNames(d).length));
    expect(fieldNames(doc)).toHaveLength(FIELD_KINDS.length + 1); // the date range adds two
    expect(fieldNames(doc)).toContain('start1');
    expect(doc.resource.record!.properties.end1).toMatchObject({ format: 'date', 'x-notBefore': 'start1' });
    const kinds = fieldNames(doc).map((n) => fieldView(doc, n)!.kind);
    expect(new Set(kinds)).toEqual(new Set(FIELD_KINDS.filter((k) => k !== 'dateRange')));
    const checked = checkDocument(doc, resources);
    expect(checked.issues).toEqual([]);
    expect(checked.meta!.form.order).toEqual(fieldNames(doc));
    expect(checked.meta!.relations.relation1).toMatchObject({ resource: 'SysRole' });
    // an upload holds a stored file's id, of the upload kind
    expect(doc.resource.record!.properties.upload1).toEqual({ type: 'integer', minimum: 1, 'x-kind': 'upload' });
    expect(checked.meta!.fields.find((f) => f.name === 'upload1')).toMatchObject({ type: 'integer', kind: 'upload' });
  });

  it("summarises a field for the canvas as the panel's view has it", () => {
    let doc = newDocument('Supplier');
    for (const kind of FIELD_KINDS) doc = edit(doc, (d) => void addField(d, kind, fieldNames(d).length));
    doc = edit(doc, (d) => {
      editField(d, 'text1', { property: 'label', locale: 'zh', value: '编码' });
      editField(d, 'text1', { property: 'required', value: true });
      editField(d, 'number1', { property: 'visibleWhen', value: { field: 'switch1', equals: true } });
    });
    for (const name of fieldNames(doc)) {
      const view = fieldView(doc, name)!;
      expect(fieldSummary(doc, name, 'zh')).toEqual({
        label: view.label.zh,
        required: view.required,
        kind: view.kind,
        visibleWhen: view.visibleWhen,
      });
    }
    expect(fieldSummary(doc, 'text1', 'zh')).toMatchObject({ label: '编码', required: true });
    expect(fieldSummary(doc, 'nothing', 'en')).toBeUndefined();
  });

  it('inserts at the drop position and moves fields', () => {
    let doc = newDocument();
    doc = edit(doc, (d) => void addField(d, 'text', 0));
    doc = edit(doc, (d) => void addField(d, 'number', 0));
    doc = edit(doc, (d) => void addField(d, 'switch', 1));
    expect(fieldNames(doc)).toEqual(['number1', 'switch1', 'text1']);
    doc = edit(doc, (d) => moveField(d, 0, 2));
    expect(fieldNames(doc)).toEqual(['switch1', 'text1', 'number1']);
  });

  it('edits every property of the panel into the resource document and its messages', () => {
    let doc = newDocument('Supplier');
    doc = edit(doc, (d) => void addField(d, 'text', 0));
    doc = edit(doc, (d) => void addField(d, 'select', 1));
    doc = edit(doc, (d) => {
      editField(d, 'text1', { property: 'label', locale: 'zh', value: '编码' });
      editField(d, 'text1', { property: 'required', value: true });
      editField(d, 'text1', { property: 'minLength', value: 2 });
      editField(d, 'text1', { property: 'pattern', value: '^[A-Z]+$' });
      editField(d, 'text1', { property: 'patternMessage', locale: 'en', value: 'Capitals only' });
      editField(d, 'text1', { property: 'span', value: 12 });
      editField(d, 'text1', { property: 'readOnlyOnEdit', value: true });
      editField(d, 'text1', { property: 'default', value: 'AB' });
      editField(d, 'select1', { property: 'options', value: ['x', 'y', 'x', ''] });
      editField(d, 'select1', { property: 'visibleWhen', value: { field: 'text1', equals: 'AB' } });
    });
    const view = fieldView(doc, 'text1')!;
    expect(view).toMatchObject({ required: true, minLength: 2, pattern: '^[A-Z]+$', span: 12, readOnlyOnEdit: true, defaultValue: 'AB' });
    expect(view.label.zh).toBe('编码');
    expect(view.patternMessage.en).toBe('Capitals only');
    expect(doc.resource.form!.ui!.text1!.patternMessage).toBe('resources.Supplier.patternMessages.text1');
    expect(fieldView(doc, 'select1')!.options).toEqual(['x', 'y']);
    // a pattern message in one language only: the others are reported missing
    expect(checkDocument(doc, resources).issues.map((i) => i.message)).toEqual([
      'no zh text for "resources.Supplier.patternMessages.text1" in /messages/zh',
      'no tw text for "resources.Supplier.patternMessages.text1" in /messages/tw',
    ]);
  });

  it('renames and removes a field everywhere it is named', () => {
    let doc = newDocument();
    doc = edit(doc, (d) => void addField(d, 'text', 0));
    doc = edit(doc, (d) => void addField(d, 'text', 1));
    doc = edit(doc, (d) => {
      editField(d, 'text1', { property: 'required', value: true });
      editField(d, 'text2', { property: 'visibleWhen', value: { field: 'text1', equals: 'a' } });
    });
    expect(renameProblem(doc, 'text1', 'Bad name')).toBe('identifier');
    expect(renameProblem(doc, 'text1', 'text2')).toBe('taken');
    expect(renameProblem(doc, 'text1', 'createTime')).toBe('taken');
    doc = edit(doc, (d) => renameField(d, 'text1', 'code'));
    expect(fieldNames(doc)).toEqual(['code', 'text2']);
    expect(doc.resource.record!.required).toEqual(['code']);
    expect(doc.resource.form!.ui!.text2!.visibleWhen).toEqual({ field: 'code', equals: 'a' });
    expect(fieldView(doc, 'code')!.label.en).toBe('Text 1');
    expect(doc.resource.list!.columns!.map((c) => c.field)).toEqual(['code', 'text2', 'createTime']);
    doc = edit(doc, (d) => removeField(d, 'code'));
    expect(fieldNames(doc)).toEqual(['text2']);
    expect(doc.resource.form!.ui!.text2).toBeUndefined();
    expect(checkDocument(doc, resources).issues).toEqual([]);
    doc = edit(doc, (d) => renameResource(d, 'Vendor'));
    expect(doc.resource.path).toBe('vendor');
    expect(checkDocument(doc, resources).meta!.labels.fields.text2).toBe('resources.Vendor.fields.text2');
  });

  it('refuses names and paths of the console, relations to unknown resources and fields that are not identifiers', () => {
    let doc = newDocument('SysRole');
    expect(checkDocument(doc, resources).issues.map((i) => i.pointer)).toEqual(['/resource/name']);
    doc = edit(newDocument(), (d) => {
      addField(d, 'relation', 0);
      editField(d, 'relation1', { property: 'relation', value: { resource: 'Nowhere', valueField: 'id', labelField: 'name' } });
    });
    expect(checkDocument(doc, resources).issues).toEqual([
      { pointer: '/resource/relations/relation1/resource', message: 'unknown resource "Nowhere"' },
    ]);
    doc = edit(newDocument(), (d) => {
      d.resource.record!.properties['bad-name'] = { type: 'string' };
    });
    expect(checkDocument(doc, resources).issues[0]!.pointer).toBe('/resource/record/properties');
  });

  it('a conditional field is hidden, unchecked and unsent until its condition holds, then required', () => {
    let doc = newDocument();
    doc = edit(doc, (d) => {
      addField(d, 'switch', 0);
      addField(d, 'text', 1);
      editField(d, 'text1', { property: 'required', value: true });
      editField(d, 'text1', { property: 'visibleWhen', value: { field: 'switch1', equals: true } });
    });
    const meta = checkDocument(doc, resources).meta!;
    const plan = buildFormPlan(meta, 'create', new Set());
    const errorsOf = (values: Record<string, unknown>) => validateValues(plan.validationSchema, valuesToValidate(plan, values));
    expect(errorsOf({ switch1: false, text1: 'kept?' })).toEqual([]);
    expect(valuesToSend(plan, { switch1: false, text1: 'kept?' })).toEqual({ switch1: false });
    expect(errorsOf({ switch1: true }).map((e) => e.keyword)).toContain('required');
    expect(valuesToSend(plan, { switch1: true, text1: 'x' })).toEqual({ switch1: true, text1: 'x' });
  });

  it('types a visible-when value by the field it looks at: a number field compares with a number', () => {
    let doc = newDocument();
    doc = edit(doc, (d) => {
      addField(d, 'number', 0);
      addField(d, 'text', 1);
      addField(d, 'switch', 2);
    });
    expect(visibleWhenValue(doc, 'number1', '3')).toBe(3);
    expect(visibleWhenValue(doc, 'number1', '2.5')).toBe(2.5);
    expect(visibleWhenValue(doc, 'number1', 'x')).toBe('x');
    expect(visibleWhenValue(doc, 'switch1', 'false')).toBe(false);
    expect(visibleWhenValue(doc, 'text1', '3')).toBe('3');
    doc = edit(doc, (d) => {
      editField(d, 'text1', { property: 'required', value: true });
      editField(d, 'text1', { property: 'visibleWhen', value: { field: 'number1', equals: visibleWhenValue(d, 'number1', '3') } });
    });
    const meta = checkDocument(doc, resources).meta!;
    const plan = buildFormPlan(meta, 'create', new Set());
    const errorsOf = (values: Record<string, unknown>) => validateValues(plan.validationSchema, valuesToValidate(plan, values));
    // shown, and so required, while number1 holds 3 (the record schema's if compares by type)
    expect(errorsOf({ number1: 3 }).map((e) => e.keyword)).toContain('required');
    expect(errorsOf({ number1: 4 })).toEqual([]);
    expect(valuesToSend(plan, { number1: 4, text1: 'x' })).toEqual({ number1: 4 });
    // a text value on a number field is named by the checks, not left to never match
    const wrong = edit(doc, (d) => {
      d.resource.form!.ui!.text1!.visibleWhen!.equals = '3';
    });
    expect(checkDocument(wrong, resources).issues).toContainEqual({
      pointer: '/resource/form/ui/text1/visibleWhen/equals',
      message: 'must be a number, as "number1" holds one',
    });
  });

  it('offers a field in the list search, matched by its type, and keeps the search in step with renames and removals', () => {
    let doc = edit(newDocument(), (d) => {
      addField(d, 'text', 0);
      addField(d, 'number', 1);
      editField(d, 'text1', { property: 'searched', value: true });
      editField(d, 'number1', { property: 'searched', value: true });
    });
    expect(doc.resource.list!.search!.basic).toEqual([
      { field: 'text1', match: 'contains' },
      { field: 'number1', match: 'range' },
    ]);
    expect(fieldView(doc, 'text1')!.searched).toBe(true);
    doc = edit(doc, (d) => renameField(d, 'text1', 'code'));
    doc = edit(doc, (d) => removeField(d, 'number1'));
    expect(doc.resource.list!.search!.basic).toEqual([{ field: 'code', match: 'contains' }]);
    expect(checkDocument(doc, resources).issues).toEqual([]);
    doc = edit(doc, (d) => editField(d, 'code', { property: 'searched', value: false }));
    expect(doc.resource.list!.search!.basic).toEqual([]);
  });

  it("gives a new document the standard buttons, under permissions that follow the resource's path", () => {
    let doc = newDocument('Supplier');
    expect(doc.resource.actions!.map((a) => a.permission)).toEqual([
      'supplier:query',
      'supplier:add',
      'supplier:update',
      'supplier:delete',
      'supplier:export',
    ]);
    doc = edit(doc, (d) => renameResource(d, 'Vendor'));
    expect(doc.resource.actions!.map((a) => a.permission)[1]).toBe('vendor:add');
    const meta = checkDocument(
      edit(doc, (d) => void addField(d, 'text', 0)),
      resources,
    ).meta!;
    expect(meta.calls.map((c) => c.verb)).toEqual(expect.arrayContaining(['query', 'add', 'update', 'delete', 'export']));
  });
});
