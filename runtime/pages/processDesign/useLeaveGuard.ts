/**
 * Unsaved changes guarded on leave. The console's router is a BrowserRouter (no data router,
 * so no useBlocker): while `dirty`, the router's navigator asks before every in-app navigation
 * (menu, tags, links, navigate()), and the browser asks before a reload or closing the tab.
 *
 * The browser's Back button cannot be cancelled, so it is held by a guard entry: while dirty, a
 * copy of the page's history entry (same URL, marked) is pushed on top of it. Back leaves the
 * guard entry for the page's own (the same URL: the page stays as it is) and asks; staying
 * pushes the guard entry again, leaving goes back once more, to where Back was meant to go.
 * Once saved, the guard entry is taken off again; an in-app navigation confirmed replaces it.
 *
 * A page left stays mounted when its tab is cached: `onLeave` (called once the user chose to
 * leave) drops its changes, so that coming back shows what is stored.
 */
import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';
import { confirm } from '../../feedback/feedback.ts';

export interface LeaveTexts {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
}

/** Marks the guard entry's history state. */
const GUARD = '__leaveGuard';

type HistoryState = Record<string, unknown> | null;

const onGuardEntry = (): boolean => !!(window.history.state as HistoryState)?.[GUARD];

function pushGuardEntry(): void {
  const state = (window.history.state as HistoryState) ?? {};
  window.history.pushState({ ...state, [GUARD]: true }, '', window.location.href);
}

/** The guard in force (one page at a time): what a Back out of the guard entry does. */
let active: { onLeftGuard: () => void } | undefined;
/** Backs the guard took itself (taking its entry off), whose popstate is not the user's. */
let ownBacks = 0;
let listening = false;

function onPopState(): void {
  if (ownBacks > 0) {
    ownBacks--;
    // dirty again meanwhile: the entry taken off is put back
    if (active && !onGuardEntry()) pushGuardEntry();
    return;
  }
  if (active && !onGuardEntry()) active.onLeftGuard();
}

export function useLeaveGuard(dirty: boolean, texts: LeaveTexts, onLeave?: () => void): void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const textsRef = useRef(texts);
  const onLeaveRef = useRef(onLeave);
  useEffect(() => {
    textsRef.current = texts;
    onLeaveRef.current = onLeave;
  }, [texts, onLeave]);
  useEffect(() => {
    if (!dirty) return;
    if (!listening) {
      listening = true;
      window.addEventListener('popstate', onPopState);
    }
    const { push, replace } = navigator;
    let leaving = false;
    let asking = false;
    const ask =
      (go: typeof push) =>
      (...args: Parameters<typeof push>): void => {
        confirm({
          ...textsRef.current,
          onOk: () => {
            leaving = true;
            // the guard entry is taken by the page left to, not kept under it
            (go === push && onGuardEntry() ? replace : go).apply(navigator, args);
            onLeaveRef.current?.();
          },
        });
      };
    navigator.push = ask(push);
    navigator.replace = ask(replace);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const guard = {
      // Back (or Forward) left the guard entry: the router shows the same page; ask
      onLeftGuard: () => {
        if (leaving || asking) return;
        asking = true;
        confirm({
          ...textsRef.current,
          onOk: () => {
            asking = false;
            leaving = true;
            window.history.back();
            onLeaveRef.current?.();
          },
          onCancel: () => {
            asking = false;
            pushGuardEntry();
          },
        });
      },
    };
    active = guard;
    if (!onGuardEntry()) pushGuardEntry();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
      window.removeEventListener('beforeunload', onBeforeUnload);
      if (active === guard) active = undefined;
      // saved, not left: the guard entry goes
      if (!leaving && onGuardEntry()) {
        ownBacks++;
        window.history.back();
      }
    };
  }, [dirty, navigator]);
}
