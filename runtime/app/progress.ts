/** The thin navigation progress bar (spec 2): nprogress without its spinner. */
import NProgress from 'nprogress';

NProgress.configure({ showSpinner: false });

let pending = 0;

export function startProgress(): void {
  pending += 1;
  NProgress.start();
}

export function doneProgress(): void {
  pending = Math.max(0, pending - 1);
  if (pending === 0) NProgress.done();
}
