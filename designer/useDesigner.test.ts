// @vitest-environment happy-dom
/**
 * useDesigner keeps the work in localStorage: a tick after each change, and at once when the
 * page is left before that tick (the next visit starts from the work as it was left). Undo from
 * the keyboard changes the history at once and draws at the next frame, once for all its steps.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newDocument } from './model/designDocument.ts';
import { useDesigner } from './useDesigner.ts';

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useDesigner', () => {
  it('writes a change a tick later, and a change the page left before the tick at once', () => {
    const first = renderHook(() => useDesigner());
    act(() => first.result.current.reset(newDocument('Papers'), { id: 5, formName: 'Papers', formDescription: '' }));
    act(() => vi.advanceTimersByTime(200));
    expect(JSON.parse(localStorage.getItem('designer.session')!).form.id).toBe(5);

    act(() => first.result.current.reset(newDocument('Suppliers'), { id: 6, formName: 'Suppliers', formDescription: '' }));
    // left at once: no tick has passed
    first.unmount();
    expect(JSON.parse(localStorage.getItem('designer.session')!).form.id).toBe(6);

    const second = renderHook(() => useDesigner());
    expect(second.result.current.form.id).toBe(6);
    expect(second.result.current.doc.resource.name).toBe('Suppliers');
    second.unmount();
  });

  it('takes keyed undo steps back at once and draws them once, at the next frame', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    let renders = 0;
    const { result, unmount } = renderHook(() => {
      renders += 1;
      return useDesigner();
    });
    act(() => result.current.reset(newDocument('Papers'), { formName: 'Papers', formDescription: '' }));
    for (const title of ['One', 'Two', 'Three'])
      act(() => result.current.apply(`Title ${title}`, (d) => void (d.resource.path = title.toLowerCase())));
    const drawn = renders;
    act(() => {
      result.current.undo(true);
      result.current.undo(true);
    });
    // the history has gone back two steps; the page shows the last step until the frame
    expect(result.current.history.undoLabel).toBe('Title One');
    expect(result.current.doc.resource.path).toBe('three');
    expect(renders).toBe(drawn);
    act(() => vi.advanceTimersToNextFrame());
    expect(result.current.doc.resource.path).toBe('one');
    expect(renders).toBe(drawn + 1);
    // a redo without a frame draws at once
    act(() => result.current.redo());
    expect(result.current.doc.resource.path).toBe('two');
    unmount();
  });
});
