/**
 * The server's Prometheus metrics at `/metrics` (docs/monitoring.md), in the text format, with
 * prom-client: the maintained client of the format, whose default metrics give the process
 * figures (event-loop lag, heap, GC, handles) without code of our own. The figures are those of
 * serverMetrics.ts, and:
 * - `http_requests_total{call,method,status}`: answers by call (the route's URL pattern, so that
 *   ids in paths make no new series; `unmatched` for unknown paths) and status;
 * - `http_request_duration_seconds{call,method}`: latency histograms;
 * - `live_channels`: the live notification channels open on the process.
 * The page answers only with `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN
 * it is off (404).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { Services } from '../calls/context.ts';
import { liveStreamCount } from '../notification/liveStream.ts';
import { failure } from '../http/envelope.ts';
import { serverMetrics } from './serverMetrics.ts';

const METRICS_PATH = '/metrics';
/** The server's own API description (Swagger UI; its OpenAPI document at `<path>/json`), framed by the console's /swagger page. */
export const SWAGGER_PATH = '/api-docs';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerMetrics(app: FastifyInstance, services: Services): void {
  const metrics = serverMetrics(services);
  const { registry, requests, latency } = metrics;
  app.addHook('onClose', (_instance, done) => {
    metrics.close();
    done();
  });
  new Gauge({
    name: 'live_channels',
    help: 'Live notification channels open on this process',
    registers: [registry],
    collect() {
      this.set(liveStreamCount(services));
    },
  });
  app.addHook('onResponse', (request, reply, done) => {
    const call = request.routeOptions.url ?? 'unmatched';
    if (call !== METRICS_PATH) {
      const { method } = request;
      const status = String(reply.statusCode);
      const key = `${method} ${call}`;
      requests.inc(`${key} ${status}`, () => ({ call, method, status }));
      latency.observe(key, () => ({ call, method }), reply.elapsedTime / 1000);
    }
    done();
  });
  app.get(METRICS_PATH, async (request, reply) => {
    const token = services.config.metricsToken;
    if (!token) return reply.code(404).send(failure(404, 'The metrics are off: set METRICS_TOKEN to serve them'));
    const m = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? '').trim());
    if (!m || !sameToken(m[1]!, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send(failure(401, 'The metrics need the METRICS_TOKEN bearer token'));
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
