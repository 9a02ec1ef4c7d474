/**
 * Keeps the keyboard inside the dialog or drawer on top (WCAG 2.1.2, 2.4.3). antd's own lock
 * brings the focus back when it lands on the page behind, but a Tab from a dialog's last control
 * leaves the document (the dialogs are the last thing in it) for the browser's own bar, which the
 * page never hears of. Here Tab on the last control goes to the first, and Shift+Tab on the first
 * to the last; a Tab while the focus is outside the dialog goes to its first control.
 */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function shown(el: HTMLElement): boolean {
  return el.getClientRects().length > 0 && window.getComputedStyle(el).visibility !== 'hidden';
}

/** The modal dialog or drawer on top: the last shown one in the document. */
function topDialog(): HTMLElement | undefined {
  const open = Array.from(document.querySelectorAll<HTMLElement>('[role=dialog][aria-modal=true]')).filter(shown);
  return open[open.length - 1];
}

function onKeyDown(e: KeyboardEvent): void {
  if (e.key !== 'Tab' || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
  const dialog = topDialog();
  if (!dialog) return;
  const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(shown);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (!active || !dialog.contains(active)) {
    // the focus is on something the dialog portals out (a drop-down) or outside it: let the
    // drop-down have its Tab, bring any other back
    if (active instanceof HTMLElement && active.closest('.ant-select-dropdown, .ant-picker-dropdown, .ant-dropdown, .ant-popover')) return;
    e.preventDefault();
    first.focus();
  } else if (e.shiftKey && active === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  }
}

/** Starts keeping the focus in the dialog on top; returns the stop. */
export function installDialogFocusTrap(): () => void {
  document.addEventListener('keydown', onKeyDown, true);
  return () => document.removeEventListener('keydown', onKeyDown, true);
}
