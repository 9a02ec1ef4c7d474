/**
 * Plugs the HTTP client in as the transport of the generated API client
 * (runtime/generated/client.ts), when the generators have written it.
 */
import { request } from './request.ts';

interface GeneratedClient {
  setTransport(t: { request<T>(config: Record<string, unknown>): Promise<T> }): void;
}

const clients = import.meta.glob<GeneratedClient>('../generated/client.ts', { eager: true });

export function registerTransport(): boolean {
  const client = Object.values(clients)[0];
  if (!client?.setTransport) return false;
  client.setTransport({ request: <T,>(config: Record<string, unknown>) => request<T>(config) });
  return true;
}
