/**
 * The console's live channel (docs/notifications.md#live-notifications): a server-sent-events
 * stream of `streamNotification`, read with fetch so that the token travels in the
 * Authorization header (EventSource sends none) and never in a URL. `onChange` is called when
 * the channel opens (`ready`: the first time, and after every reconnection, so that what was
 * missed meanwhile is read) and on every `notice`. A lost channel is opened again after
 * LIVE_RETRY_MS, doubling up to LIVE_RETRY_MAX_MS while it keeps failing; `signedout` (and a
 * 401 answer) stop it for good.
 */
import { getToken } from '../../auth/tokenStorage.ts';
import { REQUEST_BASE_URL } from '../../constants/spec.ts';
import { streamNotificationUrl } from '../../generated/client.ts';

/** First wait (ms) before a lost channel is opened again. */
const LIVE_RETRY_MS = 1000;
/** Longest wait (ms) between two attempts. */
const LIVE_RETRY_MAX_MS = 30_000;

interface LiveChannel {
  close(): void;
}

/** The events of a server-sent-events text: each block's event name (data is not needed here). */
function* events(text: string): Generator<string> {
  for (const block of text.split('\n\n')) {
    const line = block.split('\n').find((l) => l.startsWith('event:'));
    if (line) yield line.slice(6).trim();
  }
}

export function openLiveChannel(onChange: (kind: string) => void, onState?: (open: boolean) => void): LiveChannel {
  let closed = false;
  let wait = LIVE_RETRY_MS;
  let timer: number | undefined;
  let controller: AbortController | undefined;

  const retry = () => {
    onState?.(false);
    if (closed) return;
    timer = window.setTimeout(() => void connect(), wait);
    wait = Math.min(wait * 2, LIVE_RETRY_MAX_MS);
  };

  const connect = async () => {
    const token = getToken();
    if (closed || !token) return;
    controller = new AbortController();
    try {
      const base = REQUEST_BASE_URL.endsWith('/') ? REQUEST_BASE_URL : `${REQUEST_BASE_URL}/`;
      const res = await fetch(`${base}${streamNotificationUrl.replace(/^\//, '')}`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        signal: controller.signal,
        cache: 'no-store',
      });
      // signed out (or the call is refused): the ordinary calls tell the user; no retrying
      if (res.status === 401 || res.status === 403) return onState?.(false);
      if (!res.ok || !res.body) return retry();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replace(/\r\n?/g, '\n');
        const end = buffer.lastIndexOf('\n\n');
        if (end < 0) continue;
        const complete = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const name of events(complete)) {
          if (name === 'signedout') {
            closed = true;
            onState?.(false);
            return;
          }
          if (name === 'ready') {
            wait = LIVE_RETRY_MS;
            onState?.(true);
          }
          onChange(name);
        }
      }
      retry();
    } catch {
      if (!closed) retry();
    }
  };

  void connect();
  return {
    close() {
      closed = true;
      if (timer !== undefined) window.clearTimeout(timer);
      controller?.abort();
    },
  };
}
