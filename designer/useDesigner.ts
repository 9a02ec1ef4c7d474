/**
 * The form generator's state for React: the history (history.ts) of the document, the
 * selected field, the stored form it belongs to, kept in localStorage so that a reload keeps
 * the document, its undo and redo steps and the selection. Edits go through `apply`, which
 * labels the step and merges typing in one property.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Draft } from 'immer';
import { History, type HistoryState } from './model/history.ts';
import { newDocument, type DesignDocument } from './model/designDocument.ts';

/** Where the designer's work is kept between reloads. */
const STORAGE_KEY = 'designer.session';

export interface StoredForm {
  id?: number;
  formName: string;
  formDescription: string;
  /** How the form is published (the saved form's publishRoles and publishParentMenu). */
  publishRoles?: string;
  publishParentMenu?: string;
  published?: boolean;
}

interface Saved {
  history: HistoryState<DesignDocument>;
  selected?: string;
  form: StoredForm;
}

function readSaved(): Saved | undefined {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    if (!text) return undefined;
    const saved = JSON.parse(text) as Saved;
    return saved.history?.present?.resource ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the work not written yet, if any. */
function writeSaved(unsaved: { current: Saved | undefined }): void {
  const saved = unsaved.current;
  if (!saved) return;
  unsaved.current = undefined;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or refused: the work stays in memory for this visit.
  }
}

const EMPTY_FORM: StoredForm = { formName: '', formDescription: '' };

export interface Designer {
  doc: DesignDocument;
  history: History<DesignDocument>;
  selected: string | undefined;
  select(name: string | undefined): void;
  /** One labelled step; `mergeKey` merges consecutive typing into it. */
  apply(label: string, recipe: (draft: Draft<DesignDocument>) => void, mergeKey?: string): void;
  replace(label: string, next: DesignDocument): void;
  /**
   * Takes back the last step; `inFrame` (keys: Ctrl+Z held down, or pressed faster than the page
   * draws) changes the history at once and draws the page at the next frame, once for all the
   * steps taken back before it.
   */
  undo(inFrame?: boolean): void;
  redo(inFrame?: boolean): void;
  /** Closes the current typing step (a field loses focus). */
  seal(): void;
  form: StoredForm;
  setForm(form: StoredForm): void;
  /** Starts over with `doc` (a new or a loaded form) and no history. */
  reset(doc: DesignDocument, form: StoredForm): void;
}

export function useDesigner(): Designer {
  const [initial] = useState(readSaved);
  const historyRef = useRef<History<DesignDocument>>(undefined);
  historyRef.current ??= initial ? History.restore(initial.history) : new History(newDocument());
  const history = historyRef.current;
  const [, setVersion] = useState(0);
  const [selected, setSelected] = useState<string | undefined>(initial?.selected);
  const [form, setForm] = useState<StoredForm>(initial?.form ?? EMPTY_FORM);
  const bump = useCallback(() => setVersion((v) => v + 1), []);
  const frame = useRef(0);
  const bumpInFrame = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      flushSync(bump);
    });
  }, [bump]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const doc = history.present;
  // Kept after each change; a tick later, so typing does not wait for the write. A page left
  // before that tick writes at once: the next visit starts from the work as it was left.
  const unsaved = useRef<Saved | undefined>(undefined);
  useEffect(() => {
    unsaved.current = { history: history.toJSON(), selected, form };
    const timer = setTimeout(() => writeSaved(unsaved), 150);
    return () => clearTimeout(timer);
  }, [doc, history, selected, form]);
  useEffect(() => () => writeSaved(unsaved), []);

  const selectedExists = selected !== undefined && !!doc.resource.record?.properties[selected];

  return useMemo<Designer>(
    () => ({
      doc,
      history,
      selected: selectedExists ? selected : undefined,
      select: setSelected,
      apply: (label, recipe, mergeKey) => {
        if (history.apply(label, recipe, mergeKey)) bump();
      },
      replace: (label, next) => {
        if (history.replace(label, next)) bump();
      },
      undo: (inFrame) => {
        if (history.undo()) (inFrame ? bumpInFrame : bump)();
      },
      redo: (inFrame) => {
        if (history.redo()) (inFrame ? bumpInFrame : bump)();
      },
      seal: () => history.seal(),
      form,
      setForm,
      reset: (next, nextForm) => {
        historyRef.current = new History(next);
        setSelected(undefined);
        setForm(nextForm);
        bump();
      },
    }),
    [doc, history, selected, selectedExists, form, bump, bumpInFrame],
  );
}
