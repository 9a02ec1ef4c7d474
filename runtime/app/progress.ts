/**
 * The thin navigation progress bar (spec 2): nprogress without its spinner. nprogress
 * loads with the first navigation, so the sign-in page's first download does not carry it.
 */
type NProgressApi = typeof import('nprogress');

let nprogress: NProgressApi | undefined;
let loading: Promise<NProgressApi> | undefined;
/** Whether the bar should be showing (the last call wins: a late load cannot leave it stuck). */
let running = false;

function withBar(action: (bar: NProgressApi) => void): void {
  if (nprogress) {
    action(nprogress);
    return;
  }
  loading ??= import('nprogress').then((m) => {
    const bar = (m as unknown as { default?: NProgressApi }).default ?? (m as unknown as NProgressApi);
    bar.configure({ showSpinner: false });
    nprogress = bar;
    return bar;
  });
  void loading.then(() => action(nprogress!));
}

export function startProgress(): void {
  running = true;
  withBar((bar) => {
    if (running) bar.start();
  });
}

export function doneProgress(): void {
  running = false;
  withBar((bar) => {
    if (!running) bar.done();
  });
}
