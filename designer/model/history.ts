/**
 * Undo and redo of the form generator as immer patches. Each step has a label ("Add field
 * text1", "Edit label of text1"); consecutive edits with the same merge key (typing in one
 * property of one field) become one step, so one Ctrl+Z takes back the whole word. The
 * history is plain data (the document and the patches are JSON), so it is kept across a reload
 * (`toJSON` / `History.restore`, the page stores it in localStorage). Pure, no React.
 */
import { applyPatches, enablePatches, produceWithPatches, type Draft, type Patch } from 'immer';

enablePatches();

export interface Step {
  label: string;
  /** Consecutive steps with the same key merge (undefined: never). */
  mergeKey?: string;
  patches: Patch[];
  inverse: Patch[];
}

export interface HistoryState<T> {
  present: T;
  past: Step[];
  future: Step[];
}

/** The most steps kept; the oldest go first. */
const HISTORY_LIMIT = 500;

export class History<T extends object> {
  private state: HistoryState<T>;
  /**
   * Patches of the steps taken back or again that `state.present` does not hold yet: applied
   * together when the document is next read, so that 100 Ctrl+Z pressed before the page draws
   * go over the document once.
   */
  private unapplied: Patch[] = [];

  constructor(present: T, past: Step[] = [], future: Step[] = []) {
    this.state = { present, past, future };
  }

  static restore<T extends object>(saved: HistoryState<T>): History<T> {
    return new History(saved.present, saved.past, saved.future);
  }

  get present(): T {
    return this.settled().present;
  }

  /** The state, its document holding every step taken back or again. */
  private settled(): HistoryState<T> {
    if (this.unapplied.length > 0) {
      this.state = { ...this.state, present: applyPatches(this.state.present, this.unapplied) };
      this.unapplied = [];
    }
    return this.state;
  }

  get canUndo(): boolean {
    return this.state.past.length > 0;
  }

  get canRedo(): boolean {
    return this.state.future.length > 0;
  }

  /** The label of the step Ctrl+Z would take back. */
  get undoLabel(): string | undefined {
    return this.state.past.at(-1)?.label;
  }

  get redoLabel(): string | undefined {
    return this.state.future.at(-1)?.label;
  }

  get labels(): { past: string[]; future: string[] } {
    return { past: this.state.past.map((s) => s.label), future: this.state.future.map((s) => s.label).reverse() };
  }

  /** Applies `recipe` as one step (merged into the last one when `mergeKey` matches). Answers whether anything changed. */
  apply(label: string, recipe: (draft: Draft<T>) => void, mergeKey?: string): boolean {
    const [next, patches, inverse] = produceWithPatches(this.present, recipe);
    if (patches.length === 0) return false;
    const past = this.state.past;
    const last = past.at(-1);
    let steps: Step[];
    if (mergeKey !== undefined && last?.mergeKey === mergeKey && this.state.future.length === 0) {
      // The merged step undoes to the state before the first of them: its inverse patches run last.
      steps = [...past.slice(0, -1), { label, mergeKey, patches: [...last.patches, ...patches], inverse: [...inverse, ...last.inverse] }];
    } else {
      steps = [...past, { label, mergeKey, patches, inverse }];
      if (steps.length > HISTORY_LIMIT) steps = steps.slice(steps.length - HISTORY_LIMIT);
    }
    this.state = { present: next, past: steps, future: [] };
    return true;
  }

  /** Replaces the document as one step (an edit in the JSON view, an import). */
  replace(label: string, next: T): boolean {
    return this.apply(label, (draft) => {
      const d = draft as Record<string, unknown>;
      for (const key of Object.keys(d)) if (!(key in next)) delete d[key];
      Object.assign(d, next);
    });
  }

  undo(): boolean {
    const step = this.state.past.at(-1);
    if (!step) return false;
    this.unapplied.push(...step.inverse);
    this.state = {
      present: this.state.present,
      past: this.state.past.slice(0, -1),
      future: [...this.state.future, { ...step, mergeKey: undefined }],
    };
    return true;
  }

  redo(): boolean {
    const step = this.state.future.at(-1);
    if (!step) return false;
    this.unapplied.push(...step.patches);
    this.state = {
      present: this.state.present,
      past: [...this.state.past, step],
      future: this.state.future.slice(0, -1),
    };
    return true;
  }

  /** Ends merging: the next edit starts a step of its own even with the same key. */
  seal(): void {
    const last = this.state.past.at(-1);
    if (last?.mergeKey !== undefined)
      this.state = { ...this.state, past: [...this.state.past.slice(0, -1), { ...last, mergeKey: undefined }] };
  }

  toJSON(): HistoryState<T> {
    return this.settled();
  }
}
