/**
 * Gives the focus back to the control that opened a dialog or drawer when it closes. The list's
 * dialogs are unmounted on close (no closing motion that would restore it), which leaves the
 * focus on the page's body: a keyboard user would start again from the top of the page.
 */
import { useEffect, useRef } from 'react';

export function useFocusReturn(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // Read during render: the dialog has not taken the focus yet.
  if (open && !wasOpen.current) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  useEffect(() => {
    if (wasOpen.current && !open) {
      const target = opener.current;
      opener.current = null;
      const lost = !document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected;
      if (target?.isConnected && lost) target.focus({ preventScroll: true });
    }
    wasOpen.current = open;
  }, [open]);
}
