import { useEffect } from 'react';
import { doneProgress, startProgress } from './progress.ts';

/** Suspense fallback while a page downloads: only the progress bar moves, no spinner. */
export default function RouteProgress() {
  useEffect(() => {
    startProgress();
    return () => doneProgress();
  }, []);
  return null;
}
