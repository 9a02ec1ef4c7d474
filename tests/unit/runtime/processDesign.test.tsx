// @vitest-environment happy-dom
/**
 * The modeler's pure parts and its strings: a new model's diagram is a process the server
 * accepts; ids, form schemas and timer durations are checked as the panel checks them; the
 * Design action opens the row's model; every string the page uses exists in the three
 * languages with the same placeholders.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { parseBpmn } from '../../../server-mock/workflow/bpmnModel.ts';
import { formSchemaProblem, isElementId, newDiagramXml } from '../../../runtime/pages/processDesign/activitiModdle.ts';
import { isTimerDuration, splitList } from '../../../runtime/pages/processDesign/bpmnElements.ts';
import OpenAction from '../../../runtime/resource/actions/OpenAction.tsx';
import { referableTree, type PeopleNode } from '../../../runtime/pages/processDesign/api.ts';
import { resources } from '../../../runtime/generated/resources.ts';
import { diagramXmlOf } from '../../../runtime/pages/processDesign/diagramXml.ts';
import { DEMO_MODEL } from '../../../server-mock/workflow/demoModel.ts';

describe('a new model', () => {
  it('starts as a process named after the model, with a start event, that the server accepts', async () => {
    const parsed = await parseBpmn(newDiagramXml('Process_7', 'Leave & "travel" <2026>'));
    expect(parsed.processKey).toBe('Process_7');
    expect(parsed.processName).toBe('Leave & "travel" <2026>');
    expect([...parsed.elements.values()].map((e) => e.type)).toEqual(['bpmn:StartEvent']);
    expect(parsed.shapes.get('StartEvent_1')).toEqual({ x: 180, y: 160, width: 36, height: 36 });
  });
});

describe('a model saved without a diagram', () => {
  it('is laid out with every element and flow drawn', async () => {
    const xml = await diagramXmlOf({ id: 1, ...DEMO_MODEL });
    const parsed = await parseBpmn(xml);
    expect([...parsed.shapes.keys()].sort()).toEqual(['approve', 'confirm', 'end', 'start']);
    expect([...parsed.edges.keys()].sort()).toEqual(['f1', 'f2', 'f3']);
    expect(parsed.elements.get('approve')?.candidateGroups).toEqual(['ROLE_EDITOR']);
  });
});

describe('panel checks', () => {
  it('takes XML names as ids', () => {
    expect(isElementId('approve')).toBe(true);
    expect(isElementId('_a.b-c1')).toBe(true);
    for (const bad of ['', '1st', 'a b', 'a:b', 'ä<']) expect(isElementId(bad), bad).toBe(false);
  });

  it('takes a JSON object schema as a form', () => {
    expect(formSchemaProblem('{"type":"object","properties":{"amount":{"type":"number"}}}')).toBeUndefined();
    expect(formSchemaProblem('{"properties":{}}')).toBeUndefined();
    expect(formSchemaProblem('{"type":"string"}')).toBe('object');
    expect(formSchemaProblem('[1]')).toBe('object');
    expect(formSchemaProblem('null')).toBe('object');
    expect(formSchemaProblem('{type: object}')).toBe('json');
  });

  it('takes ISO 8601 durations, repeating intervals and expressions as timers', () => {
    for (const ok of ['PT10M', 'P1D', 'P1DT2H', 'PT1.5S', 'R3/PT1H', 'R/P1W', '${delay}']) expect(isTimerDuration(ok), ok).toBe(true);
    for (const bad of ['10 minutes', 'P', 'PT', 'PT10', 'T10M', '${}']) expect(isTimerDuration(bad), bad).toBe(false);
  });

  it('splits comma lists', () => {
    expect(splitList(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
    expect(splitList('')).toEqual([]);
  });
});

describe('the people a model refers to', () => {
  const tree: PeopleNode[] = [
    {
      value: 'org-1',
      title: 'Head office',
      selectable: false,
      children: [
        { value: 'admin', title: 'admin' },
        { value: 'org-2', title: 'Sales', selectable: false, children: [{ value: 'editor', title: 'editor' }] },
        { value: 'org-3', title: 'Audit', selectable: false, children: [{ value: 'visitor', title: 'visitor' }] },
      ],
    },
  ];
  it('offers everyone when the model names no referable user or organisation', () => {
    expect(referableTree(tree, undefined)).toBe(tree);
    expect(referableTree(tree, { referOrgIds: [], referUsernames: null })).toBe(tree);
  });
  it('offers the referable organisations whole and the referable users under their organisations', () => {
    const kept = referableTree(tree, { referOrgIds: [2], referUsernames: ['visitor'] });
    expect(kept).toEqual([
      {
        value: 'org-1',
        title: 'Head office',
        selectable: false,
        children: [
          { value: 'org-2', title: 'Sales', selectable: false, children: [{ value: 'editor', title: 'editor' }] },
          { value: 'org-3', title: 'Audit', selectable: false, children: [{ value: 'visitor', title: 'visitor' }] },
        ],
      },
    ]);
    expect(referableTree(tree, { referUsernames: ['nobody'] })).toEqual([]);
  });
});

describe('the Design action (an open action)', () => {
  it("opens the row's model in the modeler and closes itself", async () => {
    const onClose = vi.fn();
    let at = '';
    function Where() {
      const location = useLocation();
      at = `${location.pathname}${location.search}`;
      return null;
    }
    const action = resources.Model!.actions.find((a) => a.name === 'design')!;
    const props = { action, records: [{ id: 12, modelName: 'Leave' }], onClose };
    render(
      <MemoryRouter initialEntries={['/model']}>
        <Routes>
          <Route path="/model" element={<OpenAction {...props} />} />
          <Route path="/processdesign" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(at).toBe('/processdesign?id=12'));
    expect(onClose).toHaveBeenCalledWith(false);
  });
});

describe('strings', () => {
  type Tree = { [k: string]: string | Tree };
  const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
    const out = new Map<string, string>();
    for (const [k, v] of Object.entries(tree)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (typeof v === 'string') out.set(key, v);
      else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
    }
    return out;
  };
  const dir = join(import.meta.dirname, '../../../runtime/pages/processDesign');
  const messages = Object.fromEntries(
    ['en', 'zh', 'tw'].map((l) => [l, flatten(JSON.parse(readFileSync(join(dir, 'messages', `${l}.json`), 'utf8')) as Tree)]),
  );
  const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

  it('has every key in the three languages, none empty, with the same placeholders', () => {
    const keys = [...messages.en!.keys()];
    for (const l of ['zh', 'tw']) {
      expect([...messages[l]!.keys()].sort(), l).toEqual([...keys].sort());
      for (const k of keys) {
        expect(messages[l]!.get(k)!.trim(), `${l}:${k}`).not.toBe('');
        expect(vars(messages[l]!.get(k)!), `${l}:${k}`).toEqual(vars(messages.en!.get(k)!));
      }
    }
  });

  it("defines every tx('...') key the page uses, and no other", () => {
    const used = readdirSync(dir)
      .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))
      .flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/\btx\(\s*'([^']+)'/g)].map((m) => m[1]!));
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((k) => !messages.en!.has(k))).toEqual([]);
    expect([...messages.en!.keys()].filter((k) => !used.includes(k))).toEqual([]);
  });
});
