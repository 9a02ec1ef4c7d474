/**
 * Plugs the HTTP client in as the transport of the generated API client
 * (runtime/generated/client.ts). Both load on demand, so the sign-in page's first download
 * has neither. The transport also maps the console's per-call options, which the
 * generated CallOptions can only carry as headers: SILENT_HEADER marks a call whose
 * failure is not toasted; it is never sent.
 */
import type { AxiosRequestConfig } from 'axios';

interface TransportConfig {
  method: string;
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
  responseType?: 'json' | 'blob';
  headers?: Record<string, string>;
}

interface GeneratedClient {
  setTransport(t: { request<T>(config: TransportConfig): Promise<T> }): void;
}

export const SILENT_HEADER = 'X-Console-Silent';

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The axios config of a generated call: console options out of the headers, an empty form body kept. */
export function toAxiosConfig(config: TransportConfig): AxiosRequestConfig {
  const headers = { ...(config.headers ?? {}) };
  const silent = headers[SILENT_HEADER] === '1';
  delete headers[SILENT_HEADER];
  const formWithoutBody =
    config.data === undefined && Object.entries(headers).some(([k, v]) => k.toLowerCase() === 'content-type' && v.startsWith(FORM_TYPE));
  return {
    method: config.method,
    url: config.url,
    params: config.params,
    // axios drops the content type of a request without a body; the token call needs it.
    data: formWithoutBody ? '' : config.data,
    responseType: config.responseType,
    headers,
    silent,
  };
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
      request: async <T>(config: TransportConfig) => (await import('./request.ts')).request<T>(toAxiosConfig(config)),
    });
    return true;
  })();
  return ready;
}
