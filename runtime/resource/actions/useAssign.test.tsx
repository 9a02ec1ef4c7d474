// @vitest-environment happy-dom
/**
 * useAssign with a fake owner whose loads and saves the test answers when it chooses: the
 * links loaded first, toggling, saving the replaced set, a required link, another owner, and
 * failures.
 */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAssign, type AssignData, type AssignOptions, type SaveOutcome } from './useAssign.ts';

interface Pending<T> {
  resolve(value: T): Promise<void>;
  reject(): Promise<void>;
}

function deferred<T>(list: Pending<T>[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    list.push({
      resolve: (value) =>
        act(async () => {
          resolve(value);
          await Promise.resolve();
        }),
      reject: () =>
        act(async () => {
          reject(new Error('refused'));
          await Promise.resolve();
        }),
    });
  });
}

type Roles = { value: string; label: string }[];
const roles: Roles = [
  { value: '1', label: 'admin' },
  { value: '2', label: 'editor' },
  { value: '3', label: 'viewer' },
];

/** An owner (a URL, a role) whose links load and save through the test. */
function fakeOwner() {
  const loads: Pending<AssignData<Roles>>[] = [];
  const saves: Pending<void>[] = [];
  const saved: string[][] = [];
  /** The candidates each save was given. */
  const savedWith: Roles[] = [];
  const options = {
    load: () => deferred(loads),
    save: (links: string[], candidates: Roles) => {
      saved.push(links);
      savedWith.push(candidates);
      return deferred(saves);
    },
  };
  return { loads, saves, saved, savedWith, options };
}

type Props = Pick<AssignOptions<Roles>, 'key' | 'required' | 'linksOf'>;

function renderAssign(owner: ReturnType<typeof fakeOwner>, initial: Partial<Props> = {}) {
  return renderHook((props: Props) => useAssign<Roles>({ ...owner.options, ...props }), { initialProps: { key: 'url-7', ...initial } });
}

describe('useAssign', () => {
  it('loads the candidates and checks the links of the owner', async () => {
    const owner = fakeOwner();
    const { result } = renderAssign(owner);
    expect(result.current.loaded.loading).toBe(true);
    expect(result.current.checked).toEqual([]);
    await owner.loads[0]!.resolve({ candidates: roles, linked: ['1', '2'] });
    expect(result.current.loaded).toMatchObject({ loading: false, data: roles, error: undefined });
    expect(result.current.linked).toEqual(['1', '2']);
    expect(result.current.checked).toEqual(['1', '2']);
    expect(result.current.changed).toBe(false);
  });

  it('toggles keys, and knows when the links changed', async () => {
    const owner = fakeOwner();
    const { result } = renderAssign(owner);
    await owner.loads[0]!.resolve({ candidates: roles, linked: ['1', '2'] });
    act(() => result.current.toggle('3'));
    act(() => result.current.toggle('1'));
    expect(result.current.checked).toEqual(['2', '3']);
    expect(result.current.changed).toBe(true);
    act(() => result.current.toggle('2', true));
    act(() => result.current.toggle('1', false));
    expect(result.current.checked).toEqual(['2', '3']);
    act(() => result.current.setChecked(['2', '1']));
    expect(result.current.changed).toBe(false);
  });

  it('saves the checked keys as the new set of links', async () => {
    const owner = fakeOwner();
    const { result } = renderAssign(owner);
    await owner.loads[0]!.resolve({ candidates: roles, linked: ['1', '2'] });
    act(() => result.current.toggle('1'));
    act(() => result.current.toggle('3'));
    let outcome: Promise<SaveOutcome> | undefined;
    act(() => {
      outcome = result.current.save();
    });
    expect(owner.saved).toEqual([['2', '3']]);
    expect(result.current.busy).toBe(true);
    await owner.saves[0]!.resolve();
    await expect(outcome).resolves.toBe('saved');
    expect(result.current.busy).toBe(false);
  });

  it('saves an empty set unless a link is required', async () => {
    const owner = fakeOwner();
    const { result, rerender } = renderAssign(owner);
    await owner.loads[0]!.resolve({ candidates: roles, linked: ['1'] });
    act(() => result.current.toggle('1'));
    rerender({ key: 'url-7', required: true });
    await expect(act(() => result.current.save())).resolves.toBe('empty');
    expect(owner.saved).toEqual([]);
    rerender({ key: 'url-7', required: false });
    let outcome: Promise<SaveOutcome> | undefined;
    act(() => {
      outcome = result.current.save();
    });
    expect(owner.saved).toEqual([[]]);
    await owner.saves[0]!.resolve();
    await expect(outcome).resolves.toBe('saved');
  });

  it('saves the links the checked keys stand for', async () => {
    const owner = fakeOwner();
    const usersOnly = (keys: readonly string[]) => keys.filter((k) => k.startsWith('user:')).map((k) => k.slice(5));
    const { result } = renderAssign(owner, { linksOf: usersOnly, required: true });
    await owner.loads[0]!.resolve({ candidates: roles, linked: ['org:1', 'user:4'] });
    expect(result.current.links).toEqual(['4']);
    act(() => result.current.toggle('user:4'));
    await expect(act(() => result.current.save())).resolves.toBe('empty');
    act(() => result.current.setChecked(['org:1', 'user:5', 'user:6']));
    act(() => void result.current.save());
    expect(owner.saved).toEqual([['5', '6']]);
    await owner.saves[0]!.resolve();
  });

  it('gives linksOf and save the loaded candidates (to read the values the keys stand for), and saves nothing before they are loaded', async () => {
    const owner = fakeOwner();
    const known = (keys: readonly string[], candidates: Roles) => keys.filter((k) => candidates.some((r) => r.value === k));
    const { result } = renderAssign(owner, { linksOf: known });
    await expect(act(() => result.current.save())).resolves.toBe('failed');
    expect(owner.saved).toEqual([]);
    await owner.loads[0]!.resolve({ candidates: roles, linked: ['1', 'gone'] });
    expect(result.current.links).toEqual(['1']);
    act(() => result.current.setChecked(['3', 'x']));
    act(() => void result.current.save());
    expect(owner.saved).toEqual([['3']]);
    expect(owner.savedWith).toEqual([roles]);
    await owner.saves[0]!.resolve();
  });

  it('loads again for another owner, starting from its links, and drops the late answer for the old one', async () => {
    const owner = fakeOwner();
    const { result, rerender } = renderAssign(owner);
    rerender({ key: 'url-8' });
    expect(owner.loads).toHaveLength(2);
    await owner.loads[1]!.resolve({ candidates: roles, linked: ['3'] });
    await owner.loads[0]!.resolve({ candidates: roles, linked: ['1', '2'] });
    expect(result.current.checked).toEqual(['3']);
    act(() => result.current.toggle('2'));
    rerender({ key: 'url-7' });
    expect(result.current.loaded.loading).toBe(true);
    expect(result.current.checked).toEqual([]);
    await owner.loads[2]!.resolve({ candidates: roles, linked: ['1'] });
    expect(result.current.checked).toEqual(['1']);
  });

  it('reports a failed load, and loads again on reload', async () => {
    const owner = fakeOwner();
    const { result } = renderAssign(owner);
    await owner.loads[0]!.reject();
    expect(result.current.loaded).toMatchObject({ loading: false, error: 'refused', data: undefined });
    act(() => result.current.loaded.reload());
    expect(result.current.loaded.loading).toBe(true);
    await owner.loads[1]!.resolve({ candidates: roles, linked: [] });
    expect(result.current.loaded.data).toBe(roles);
  });

  it('answers failed when the save is refused, and may save again', async () => {
    const owner = fakeOwner();
    const { result } = renderAssign(owner);
    await owner.loads[0]!.resolve({ candidates: roles, linked: ['1'] });
    let outcome: Promise<SaveOutcome> | undefined;
    act(() => {
      outcome = result.current.save();
    });
    await owner.saves[0]!.reject();
    await expect(outcome).resolves.toBe('failed');
    expect(result.current.busy).toBe(false);
    expect(result.current.checked).toEqual(['1']);
  });
});
