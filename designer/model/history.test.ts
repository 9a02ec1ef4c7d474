import { describe, expect, it } from 'vitest';
import { addField, editField, fieldNames, fieldView, newDocument, type DesignDocument } from './designDocument.ts';
import { History } from './history.ts';

function designer() {
  return new History<DesignDocument>(newDocument());
}

describe('designer history', () => {
  it('undoes and redoes labelled steps', () => {
    const h = designer();
    h.apply('Add text1', (d) => void addField(d, 'text', 0));
    h.apply('Add number1', (d) => void addField(d, 'number', 1));
    h.apply('Required text1', (d) => editField(d, 'text1', { property: 'required', value: true }));
    expect(h.labels.past).toEqual(['Add text1', 'Add number1', 'Required text1']);
    expect(h.undoLabel).toBe('Required text1');
    h.undo();
    h.undo();
    expect(fieldNames(h.present)).toEqual(['text1']);
    expect(fieldView(h.present, 'text1')!.required).toBe(false);
    expect(h.redoLabel).toBe('Add number1');
    h.redo();
    expect(fieldNames(h.present)).toEqual(['text1', 'number1']);
    h.apply('Add switch1', (d) => void addField(d, 'switch', 0));
    expect(h.canRedo).toBe(false);
  });

  it('merges consecutive typing in one property into one step, and not across properties', () => {
    const h = designer();
    h.apply('Add text1', (d) => void addField(d, 'text', 0));
    for (const value of ['C', 'Co', 'Cod', 'Code'])
      h.apply('Label (en) of text1', (d) => editField(d, 'text1', { property: 'label', locale: 'en', value }), 'text1.label.en');
    h.apply('Label (zh) of text1', (d) => editField(d, 'text1', { property: 'label', locale: 'zh', value: '码' }), 'text1.label.zh');
    expect(h.labels.past).toEqual(['Add text1', 'Label (en) of text1', 'Label (zh) of text1']);
    h.undo();
    expect(fieldView(h.present, 'text1')!.label).toMatchObject({ en: 'Code', zh: '文本 1' });
    h.undo();
    expect(fieldView(h.present, 'text1')!.label.en).toBe('Text 1');
    h.redo();
    expect(fieldView(h.present, 'text1')!.label.en).toBe('Code');
    // after an undo and redo the step is closed: more typing is a step of its own
    h.apply('Label (en) of text1', (d) => editField(d, 'text1', { property: 'label', locale: 'en', value: 'Codes' }), 'text1.label.en');
    expect(h.labels.past).toHaveLength(3);
  });

  it('makes no step of an edit that changes nothing', () => {
    const h = designer();
    h.apply('Add text1', (d) => void addField(d, 'text', 0));
    expect(h.apply('Required', (d) => editField(d, 'text1', { property: 'required', value: false }))).toBe(false);
    expect(h.labels.past).toEqual(['Add text1']);
  });

  it('survives a round trip through JSON (a reload) with undo and redo intact', () => {
    const h = designer();
    h.apply('Add text1', (d) => void addField(d, 'text', 0));
    h.apply('Add date range', (d) => void addField(d, 'dateRange', 1));
    h.undo();
    const restored = History.restore<DesignDocument>(JSON.parse(JSON.stringify(h.toJSON())));
    expect(restored.present).toEqual(h.present);
    restored.redo();
    expect(fieldNames(restored.present)).toEqual(['text1', 'start1', 'end1']);
    restored.undo();
    restored.undo();
    expect(fieldNames(restored.present)).toEqual([]);
  });

  it('replaces the whole document as one step (the JSON view)', () => {
    const h = designer();
    h.apply('Add text1', (d) => void addField(d, 'text', 0));
    const next = JSON.parse(JSON.stringify(h.present)) as DesignDocument;
    next.resource.record!.properties.text1!['x-dict'] = 'sex';
    h.replace('JSON view', next);
    expect(fieldView(h.present, 'text1')!.kind).toBe('dictionary');
    h.undo();
    expect(fieldView(h.present, 'text1')!.kind).toBe('text');
  });

  it('undoes 100 steps', () => {
    const h = designer();
    for (let i = 0; i < 100; i++) h.apply(`Add ${i}`, (d) => void addField(d, 'text', i));
    for (let i = 0; i < 100; i++) h.undo();
    expect(fieldNames(h.present)).toEqual([]);
    expect(h.canUndo).toBe(false);
  });

  it('gives the same document for steps taken back and again before it is read as for each one read', () => {
    const build = () => {
      const h = designer();
      for (let i = 0; i < 6; i++) h.apply(`Add ${i}`, (d) => void addField(d, i % 2 ? 'number' : 'text', 0));
      h.apply('Required', (d) => editField(d, 'text1', { property: 'required', value: true }));
      return h;
    };
    const moves = ['undo', 'undo', 'undo', 'redo', 'undo', 'undo', 'redo', 'redo', 'undo'] as const;
    const eager = build();
    const lazy = build();
    for (const move of moves) {
      eager[move]();
      void eager.present;
      lazy[move]();
    }
    expect(lazy.present).toEqual(eager.present);
    expect(lazy.toJSON()).toEqual(eager.toJSON());
    expect(lazy.undoLabel).toBe(eager.undoLabel);
  });
});
