/**
 * Records uncaught client errors to the error log (spec 2, 8) when the errorLog setting
 * allows it for this build ("production" by default: production builds only).
 */
import { settingsState } from '../layout/settings/settingsState.ts';
import { addErrorLog } from './errorLogState.ts';

export function shouldRecord(setting: string, isProduction: boolean): boolean {
  if (setting === 'always') return true;
  if (setting === 'never') return false;
  return setting === 'production' ? isProduction : !isProduction;
}

export function recordError(error: unknown, info: string): void {
  if (!shouldRecord(settingsState.errorLog, import.meta.env.PROD)) return;
  const err = error instanceof Error ? error : new Error(String(error));
  addErrorLog({ message: err.message, info, url: window.location.href, stack: err.stack, time: Date.now() });
}

/**
 * Browser notices that reach window.onerror without being errors of the console: Chromium
 * reports "ResizeObserver loop completed with undelivered notifications" (older browsers
 * "ResizeObserver loop limit exceeded") when a resize observer's callback changes the layout
 * it observes, as tables and dialogs do while they open; the observers simply run again on the
 * next frame. They come without an error object.
 */
export function isBrowserNotice(message: unknown, error: unknown): boolean {
  return (
    error == null &&
    typeof message === 'string' &&
    /^ResizeObserver loop (completed with undelivered notifications|limit exceeded)/.test(message)
  );
}

export function installErrorCapture(): void {
  window.addEventListener('error', (event) => {
    if (isBrowserNotice(event.message, event.error)) return;
    recordError(event.error ?? event.message, 'window.onerror');
  });
  window.addEventListener('unhandledrejection', (event) => {
    // Failed API calls were already reported by the HTTP client's toast.
    const reason: unknown = event.reason;
    if (reason instanceof Error && reason.name === 'ApiError') return;
    recordError(reason, 'unhandledrejection');
  });
}
