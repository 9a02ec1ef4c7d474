/**
 * The generated platform client (runtime/generated/client.ts), ready to call: the HTTP
 * client is installed as its transport first. Per-call console options travel as
 * CallOptions headers that the transport reads and strips (see http/registerTransport.ts).
 */
import * as client from '../generated/client.ts';
import { registerTransport, SILENT_HEADER } from '../http/registerTransport.ts';

export type PlatformClient = typeof client;

/** The client, with the transport registered. */
export async function platform(): Promise<PlatformClient> {
  await registerTransport();
  return client;
}

/** CallOptions for a call whose failures the caller reports itself (no error toast). */
export const SILENT = { headers: { [SILENT_HEADER]: '1' } };
