/**
 * The console's page area scrolls, not the window: the layout's `.main-container` holds the
 * header and the pages. These hooks find it from an element of the page and follow it.
 */
import { useEffect, useState, type RefObject } from 'react';

const SCROLLER = '.main-container';
const HEADER = '.header-container';

function findScroller(el: Element | null): HTMLElement | null {
  return (el?.closest(SCROLLER) as HTMLElement | null) ?? null;
}

/** Whether the page area is scrolled further down than `distance` px. */
export function useScrolledPast(anchor: RefObject<HTMLElement | null>, distance: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const scroller = findScroller(anchor.current);
    if (!scroller) return undefined;
    const update = () => setPast(scroller.scrollTop > distance);
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    return () => scroller.removeEventListener('scroll', update);
  }, [anchor, distance]);
  return past;
}

/** Scrolls the page area back to its top (smoothly, unless the user prefers reduced motion). */
export function scrollPageToTop(anchor: HTMLElement | null): void {
  const scroller = findScroller(anchor);
  if (!scroller) return;
  const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  scroller.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
}

/**
 * The height of the layout's header when it stays at the top of the page area (fixed header
 * setting on), else 0: where a sticky bar of the page must stop.
 */
export function useStickyTop(anchor: RefObject<HTMLElement | null>, fixedHeader: boolean): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    const header = findScroller(anchor.current)?.querySelector<HTMLElement>(HEADER);
    if (!header || !fixedHeader) {
      setTop(0);
      return undefined;
    }
    const update = () => setTop(header.offsetHeight);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => observer.disconnect();
  }, [anchor, fixedHeader]);
  return top;
}
