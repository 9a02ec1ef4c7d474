import { describe, expect, it } from 'vitest';
import { isBrowserNotice, shouldRecord } from '../../../runtime/errorLog/installErrorCapture.ts';

describe('client error capture', () => {
  it('leaves out the resize-observer notices that come without an error', () => {
    expect(isBrowserNotice('ResizeObserver loop completed with undelivered notifications.', null)).toBe(true);
    expect(isBrowserNotice('ResizeObserver loop limit exceeded', undefined)).toBe(true);
  });

  it('records everything else, including a thrown error whose text looks like a notice', () => {
    expect(isBrowserNotice('Uncaught Error: e2e boom', new Error('e2e boom'))).toBe(false);
    expect(isBrowserNotice('ResizeObserver loop limit exceeded', new Error('ResizeObserver loop limit exceeded'))).toBe(false);
    expect(isBrowserNotice('Script error.', null)).toBe(false);
    expect(isBrowserNotice(undefined, null)).toBe(false);
  });

  it('records by the errorLog setting and the build', () => {
    expect(shouldRecord('production', true)).toBe(true);
    expect(shouldRecord('production', false)).toBe(false);
    expect(shouldRecord('always', false)).toBe(true);
    expect(shouldRecord('never', true)).toBe(false);
  });
});
