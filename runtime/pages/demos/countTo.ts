/** The counter of the count-to demo: the value at a moment of the animation, and its display. */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface CountToOptions {
  start: number;
  end: number;
  /** milliseconds */
  duration: number;
  decimals: number;
}

export interface CountFormat {
  decimals: number;
  separator: string;
  prefix: string;
  suffix: string;
}

/** Ease-out exponential: fast at first, slowing towards the end; 0 → 0, 1 → 1. */
export function easeOutExpo(progress: number): number {
  return progress >= 1 ? 1 : 1 - 2 ** (-10 * progress);
}

/** The value after `elapsed` ms of an animation from start to end (the end once the duration has passed). */
export function countValueAt({ start, end, duration }: Pick<CountToOptions, 'start' | 'end' | 'duration'>, elapsed: number): number {
  if (duration <= 0 || elapsed >= duration) return end;
  const progress = Math.max(0, elapsed) / duration;
  return start + (end - start) * easeOutExpo(progress);
}

/** The number with fixed decimals, thousands separated by `separator`, between prefix and suffix. */
export function formatCount(value: number, { decimals, separator, prefix, suffix }: CountFormat): string {
  const places = Math.min(Math.max(Math.trunc(decimals) || 0, 0), 10);
  const fixed = Math.abs(value).toFixed(places);
  const [whole, fraction] = fixed.split('.');
  const grouped = separator ? whole!.replace(/\B(?=(\d{3})+(?!\d))/g, separator) : whole!;
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${prefix}${sign}${grouped}${fraction ? `.${fraction}` : ''}${suffix}`;
}

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export type CountState = 'idle' | 'running' | 'paused' | 'done';

/**
 * Runs the counter on requestAnimationFrame. With prefers-reduced-motion the end value shows at
 * once. `pause` toggles pause and resume; `reset` stops and shows the start value.
 */
export function useCountTo(options: CountToOptions, autoplay = true) {
  const [value, setValue] = useState(options.start);
  const [state, setState] = useState<CountState>('idle');
  const frame = useRef<number | undefined>(undefined);
  const startedAt = useRef(0);
  const elapsedBeforePause = useRef(0);
  const current = useRef(options);
  current.current = options;

  const stop = () => {
    if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    frame.current = undefined;
  };

  const run = useCallback((from: number) => {
    stop();
    const opts = current.current;
    if (reducedMotion() || opts.duration <= 0) {
      setValue(opts.end);
      setState('done');
      return;
    }
    elapsedBeforePause.current = from;
    startedAt.current = performance.now() - from;
    setState('running');
    const tick = (now: number) => {
      const elapsed = now - startedAt.current;
      elapsedBeforePause.current = elapsed;
      setValue(countValueAt(current.current, elapsed));
      if (elapsed >= current.current.duration) {
        frame.current = undefined;
        setState('done');
      } else frame.current = requestAnimationFrame(tick);
    };
    frame.current = requestAnimationFrame(tick);
  }, []);

  const start = useCallback(() => run(0), [run]);
  const pause = useCallback(() => {
    if (frame.current !== undefined) {
      stop();
      setState('paused');
    } else if (elapsedBeforePause.current > 0 && elapsedBeforePause.current < current.current.duration) run(elapsedBeforePause.current);
  }, [run]);
  const reset = useCallback(() => {
    stop();
    elapsedBeforePause.current = 0;
    setValue(current.current.start);
    setState('idle');
  }, []);

  useEffect(() => {
    if (autoplay) run(0);
    return stop;
  }, [autoplay, run]);

  return { value, state, start, pause, reset };
}
