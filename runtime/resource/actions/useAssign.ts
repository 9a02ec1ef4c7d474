/**
 * The state of an assign dialog, with no UI: the candidates (a list, a tree, the items of a
 * transfer) and the keys linked now, loaded for one owner (a role, a URL, a user's post); the
 * checked keys; and saving, which replaces the owner's links with the checked ones.
 *
 * A new `key` (another owner, another post) loads again and starts from that owner's links; a
 * late answer for an older key is dropped. With `required`, saving with nothing linked makes
 * no call and answers 'empty' (the dialog says why).
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { Loaded } from './ActionParts.tsx';

export interface AssignData<C> {
  candidates: C;
  /** Keys of the candidates linked now (checked at first). */
  linked: string[];
}

export interface AssignOptions<C> {
  /** Names the owner whose links are edited: a new key loads again. */
  key: string;
  load(): Promise<AssignData<C>>;
  /** Replaces the owner's links with these (`candidates`: the loaded ones, to read their values from). */
  save(links: string[], candidates: C): Promise<void>;
  /** The links the checked keys stand for (e.g. the users of a tree that also checks organisations), among the loaded candidates; default: the checked keys. */
  linksOf?(checked: readonly string[], candidates: C): string[];
  /** Saving needs at least one link. */
  required?: boolean;
}

export type SaveOutcome = 'saved' | 'empty' | 'failed';

export interface AssignController<C> {
  /** The candidates as LoadState shows them (loading, failed with a retry, ready). */
  loaded: Loaded<C>;
  /** Keys linked when loaded. */
  linked: readonly string[];
  checked: readonly string[];
  setChecked(keys: readonly string[]): void;
  /** Checks or unchecks one key (flips it without `on`). */
  toggle(key: string, on?: boolean): void;
  /** The links saving would send. */
  links: string[];
  /** The checked keys differ from the loaded links. */
  changed: boolean;
  busy: boolean;
  save(): Promise<SaveOutcome>;
}

interface State<C> {
  /** `key` and round of the load this state answers. */
  current?: string;
  data?: AssignData<C>;
  error?: string;
  checked: string[];
}

const NONE: readonly string[] = [];

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

export function useAssign<C>({ key, load, save: saveLinks, linksOf, required = false }: AssignOptions<C>): AssignController<C> {
  const [round, setRound] = useState(0);
  const [state, setState] = useState<State<C>>({ checked: [] });
  const [busy, setBusy] = useState(false);
  const current = `${key}\u0000${round}`;
  const runLoad = useEffectEvent(load);

  useEffect(() => {
    let live = true;
    runLoad().then(
      (data) => live && setState({ current, data, checked: [...data.linked] }),
      (err: unknown) => live && setState({ current, error: err instanceof Error ? err.message : String(err), checked: [] }),
    );
    return () => {
      live = false;
    };
  }, [current]);

  const settled = state.current === current;
  const checked = settled ? state.checked : NONE;
  const linked = (settled ? state.data?.linked : undefined) ?? NONE;
  const candidates = settled ? state.data?.candidates : undefined;
  const linksFor = useCallback(
    (keys: readonly string[]) => (candidates === undefined ? [] : linksOf ? linksOf(keys, candidates) : [...keys]),
    [linksOf, candidates],
  );
  const links = useMemo(() => linksFor(checked), [linksFor, checked]);

  const setChecked = useCallback((keys: readonly string[]) => setState((s) => ({ ...s, checked: [...keys] })), []);
  const toggle = useCallback(
    (k: string, on?: boolean) =>
      setState((s) => {
        const has = s.checked.includes(k);
        const want = on ?? !has;
        if (want === has) return s;
        return { ...s, checked: want ? [...s.checked, k] : s.checked.filter((x) => x !== k) };
      }),
    [],
  );

  const save = async (): Promise<SaveOutcome> => {
    if (candidates === undefined) return 'failed'; // nothing loaded: nothing to replace
    if (required && links.length === 0) return 'empty';
    setBusy(true);
    try {
      await saveLinks(links, candidates);
      return 'saved';
    } catch {
      return 'failed'; // the HTTP client showed why
    } finally {
      setBusy(false);
    }
  };

  return {
    loaded: {
      data: candidates,
      error: settled ? state.error : undefined,
      loading: !settled,
      reload: () => setRound((r) => r + 1),
    },
    linked,
    checked,
    setChecked,
    toggle,
    links,
    changed: !sameSet(linksFor(linked), links),
    busy,
    save,
  };
}
