/**
 * Values handed to a part of the page without a context whose value changes: the part reads
 * them from a store that stays the same object, and draws again when they change.
 *
 * A context provider whose value changes on every edit, anywhere above a list of memoised
 * rows, makes React look, for each row left as it was, through the row's whole subtree for
 * readers of that context: 200 canvas rows on every keystroke in a property. Handed over this
 * way, the rows' ancestors (the tabs, DndContext) are not drawn again, and the part that reads
 * the store is drawn in a pass of its own, before the frame is painted (a layout effect).
 */
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

export interface HandOver<T> {
  get(): T;
  subscribe(listener: () => void): () => void;
}

/** A store holding `value`, the same object for the component's life; readers draw again when `value` changes. */
export function useHandOver<T>(value: T): HandOver<T> {
  const [store] = useState(() => {
    let current = value;
    const listeners = new Set<() => void>();
    return {
      get: () => current,
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      set(next: T) {
        if (Object.is(next, current)) return;
        current = next;
        for (const l of listeners) l();
      },
    };
  });
  useLayoutEffect(() => store.set(value), [store, value]);
  return store;
}

/** The value a HandOver holds now. */
export function useHandedOver<T>(store: HandOver<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
