// @vitest-environment happy-dom
/**
 * useDesigner keeps the work in localStorage: a tick after each change, and at once when the
 * page is left before that tick (the next visit starts from the work as it was left).
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
});
