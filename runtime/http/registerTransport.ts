/**
 * Plugs the HTTP client in as the transport of the generated API client
 * (runtime/generated/client.ts), when the generators have written it. Both the client and
 * the HTTP client (axios) load on demand, so the sign-in page's first download has neither.
 */
interface GeneratedClient {
  setTransport(t: { request<T>(config: Record<string, unknown>): Promise<T> }): void;
}

const clients = import.meta.glob<GeneratedClient>('../generated/client.ts');

let ready: Promise<boolean> | undefined;

/** Registers the transport once; resolves true when a generated client exists. */
export function registerTransport(): Promise<boolean> {
  ready ??= (async () => {
    const load = Object.values(clients)[0];
    if (!load) return false;
    const client = await load();
    client.setTransport({
      request: async <T,>(config: Record<string, unknown>) => (await import('./request.ts')).request<T>(config),
    });
    return true;
  })();
  return ready;
}
