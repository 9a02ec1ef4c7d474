/** The monitoring page with its strings in the current language. */
import type { PageModule } from '../../app/componentRegistry.ts';
import { translator } from '../../i18n/translator.ts';
import { loadMonitorMessages } from './monitorMessages.ts';

export async function loadMonitorFrame(): Promise<PageModule> {
  const [page] = await Promise.all([import('./MonitorFrame.tsx'), loadMonitorMessages(translator.language)]);
  return page;
}

/** The monitors page (/servermonitor) with its strings in the current language; ECharts loads with it. */
export async function loadServerMonitor(): Promise<PageModule> {
  const [page] = await Promise.all([import('./ServerMonitor.tsx'), loadMonitorMessages(translator.language)]);
  return page;
}
