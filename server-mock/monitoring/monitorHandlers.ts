/**
 * The monitoring pages' targets (docs/monitoring.md): `queryMonitorUrl?code=` answers the URL the
 * console frames at the spec's route of that code. Kibana, Sentinel, Nacos, Druid and Grafana
 * are the tenant parameters `monitor.<code>.url` (SysParam), absolute http or https URLs; none
 * set (or not such a URL): `url` null and `problem` saying why, for the page's message. The
 * Swagger page frames the server's own API description (SWAGGER_PATH). `queryServerMetrics`
 * answers the server's figures to the monitors page (serverMetrics.ts).
 */
import type { CallHandler } from '../calls/context.ts';
import { withPrincipal } from '../calls/context.ts';
import { tenantParam } from '../params/tenantParams.ts';
import { SWAGGER_PATH } from './metrics.ts';
import type { MetricsSummary } from '../../schemas/registry/serverMetrics.ts';
import { serverMetrics } from './serverMetrics.ts';

/** The tenant parameter of a monitoring page's URL. */
const monitorParam = (code: string) => `monitor.${code}.url`;

interface MonitorTarget {
  code: string;
  /** The URL to frame, or null when there is none. */
  url: string | null;
  /** The tenant parameter that gives it (none for swagger). */
  param: string | null;
  /** Why there is no URL: `unset` (the parameter is empty or missing) or `invalid` (not an absolute http(s) URL). */
  problem: 'unset' | 'invalid' | null;
}

function absoluteHttp(text: string): boolean {
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
  } catch {
    return false;
  }
}

const url: CallHandler = async (ctx): Promise<MonitorTarget> => {
  const { data } = withPrincipal(ctx);
  const code = String(ctx.query.code);
  if (code === 'swagger') return { code, url: `${SWAGGER_PATH}/`, param: null, problem: null };
  const param = monitorParam(code);
  const value = (await tenantParam(data, param))?.trim() ?? '';
  if (!value) return { code, url: null, param, problem: 'unset' };
  if (!absoluteHttp(value)) return { code, url: null, param, problem: 'invalid' };
  return { code, url: value, param, problem: null };
};

/** The server's figures for the monitors page (the platform tenant's callers only: they are the whole server's). */
const metrics: CallHandler = (ctx): Promise<MetricsSummary> => serverMetrics(ctx.services).summary();

export const monitorHandlers: Record<string, CallHandler> = { 'monitor.url': url, 'monitor.metrics': metrics };
