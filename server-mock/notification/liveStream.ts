/**
 * The live channel of a signed-in user (`streamNotification`, docs/notifications.md#live-notifications):
 * a server-sent-events stream that tells the user's console when its bell changed. Events:
 * - `ready` once open (the console reads its bell: what it missed while it was away);
 * - `notice` `{"kind": "notification" | "task" | "resync"}` when a notification for the user was
 *   published or changed, a workflow task was assigned to them, or notices may have been missed;
 * - `signedout` when the session ended (sign-out, forced sign-out, a disabled account), then the
 *   stream ends. The session is checked again every LIVE_CHECK_MS, with a comment line that
 *   keeps proxies from closing an idle stream.
 * The channel is the caller's tenant's and user's only (TenantData.liveSubscribe): the events
 * carry no content, the bell reads it through its ordinary calls.
 */
import type { ServerResponse } from 'node:http';
import { HIJACKED, withPrincipal, type CallHandler, type Services } from '../calls/context.ts';

/** How often (ms) an open channel checks its session and sends a keep-alive comment. */
const LIVE_CHECK_MS = 15_000;
/** How long (ms) a console waits before it reconnects a lost channel, at first (it doubles up to LIVE_RETRY_MAX_MS). */
const LIVE_RETRY_MS = 1000;

/** The channels open per server (Services), ended when the server closes. */
const openStreams = new WeakMap<Services, Set<() => void>>();

/** The live channels open on a server. */
export function liveStreamCount(services: Services): number {
  return openStreams.get(services)?.size ?? 0;
}

/** Ends every live channel of a server (its close waits for no open stream). */
export function endLiveStreams(services: Services): void {
  for (const end of [...(openStreams.get(services) ?? [])]) end();
}

function event(res: ServerResponse, name: string, data: unknown): void {
  res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
}

export const streamNotification: CallHandler = async (ctx) => {
  const { principal, data } = withPrincipal(ctx);
  const { services } = ctx;
  ctx.reply.hijack();
  const res = ctx.reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // a buffering proxy (nginx) passes the events on at once
    'x-accel-buffering': 'no',
  });
  res.write(`retry: ${LIVE_RETRY_MS}\n\n`);
  let ended = false;
  let streams = openStreams.get(services);
  if (!streams) openStreams.set(services, (streams = new Set()));
  const unsubscribe = data.liveSubscribe(principal.userId, (notice) => {
    if (!ended) event(res, 'notice', { kind: notice.kind });
  });
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(timer);
    unsubscribe();
    streams.delete(end);
    res.end();
  };
  streams.add(end);
  const timer = setInterval(() => {
    void services.system.requestAccess(ctx.request, services.tokens, services.now()).then(
      () => {
        if (!ended) res.write(': alive\n\n');
      },
      () => {
        if (ended) return;
        event(res, 'signedout', {});
        end();
      },
    );
  }, LIVE_CHECK_MS);
  res.on('close', end);
  event(res, 'ready', {});
  return HIJACKED;
};
