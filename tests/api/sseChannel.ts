/**
 * A client of the live channel (`streamNotification`, docs/notifications.md#live-notifications)
 * as the console opens it: fetch with the token in the Authorization header, the stream read as
 * server-sent events. Shared by the live-notification tests and the bench.
 */

/** An open channel: the events it got so far, by name, data and arrival time (Date.now()). */
export interface SseChannel {
  events: { name: string; data: unknown; at: number }[];
  notices(): number;
  /** Called on each event as it arrives. */
  onEvent?: (name: string) => void;
  close(): void;
}

/**
 * Opens a channel; resolves once its `ready` event came (rejects on an answer other than a 200
 * event stream, or when `ready` does not come within `timeoutMs`).
 */
export async function openSseChannel(base: string, url: string, token: string, timeoutMs = 15_000): Promise<SseChannel> {
  const controller = new AbortController();
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  if (res.status !== 200 || !/^text\/event-stream/.test(res.headers.get('content-type') ?? '')) {
    controller.abort();
    throw new Error(`${url} answered ${res.status} ${res.headers.get('content-type')}, not an event stream`);
  }
  const channel: SseChannel = {
    events: [],
    notices: () => channel.events.filter((e) => e.name === 'notice').length,
    close: () => controller.abort(),
  };
  let ready: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (ready = resolve));
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!name) continue;
          channel.events.push({ name, data: data ? JSON.parse(data) : undefined, at: Date.now() });
          if (name === 'ready') ready();
          channel.onEvent?.(name);
        }
      }
    } catch {
      // aborted
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${url}: no "ready" event within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([opened, late]);
  } catch (error) {
    controller.abort();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return channel;
}
