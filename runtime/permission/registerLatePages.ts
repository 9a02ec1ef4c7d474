/**
 * The pages and actions that register with the first route generation rather than at start-up:
 * the custom actions of the system pages, the template demo pages, the BPMN modeler and its
 * Design action, the workflow editor of the scheduler, the netdisc, the monitoring pages and the monitors page. This module is
 * loaded by the session (auth/session.ts) before it builds the routes, so the sign-in page's
 * download carries none of their names; each page's own code loads when it is first opened.
 */
import { registerComponent } from '../app/componentRegistry.ts';
import { registerDemoPages } from '../pages/demos/registerDemoPages.ts';
import { registerJobPages } from '../pages/jobs/registerJobPages.ts';
import { registerProcessDesign } from '../pages/processDesign/registerProcessDesign.ts';
import { registerSystemActions } from '../resource/actions/registerSystemActions.ts';

let registered = false;

export function registerLatePages(): void {
  registerDemoPages();
  registerProcessDesign();
  registerJobPages();
  if (registered) return;
  registered = true;
  // The custom actions of the system pages (grant role, force sign-out, publish, ...).
  registerSystemActions();
  // The netdisc (/upload-download): its page, strings and pdf.js load when it is opened.
  registerComponent('netdisc', () => import('../pages/netdisc/loadNetdiscPage.ts').then((m) => m.loadNetdiscPage()));
  // The monitoring pages (menu component "iframe"): the configured tool framed in the layout.
  registerComponent('iframe', () => import('../pages/monitor/loadMonitorFrame.ts').then((m) => m.loadMonitorFrame()));
  // The monitors page (/servermonitor): the server's own figures as live ECharts charts.
  registerComponent('servermonitor', () => import('../pages/monitor/loadMonitorFrame.ts').then((m) => m.loadServerMonitor()));
}
