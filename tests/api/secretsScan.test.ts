/**
 * No answer of any call carries a password hash, a client secret or the token key: every
 * GET call of the registry is called (required parameters filled in), as an administrator,
 * and every answer is scanned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import type { JsonSchema } from '../../schemas/registry/types.ts';
import { client, signIn, startTestServer, type TestServer } from './harness.ts';

const TOKEN_KEY = 'scan-token-key-which-must-never-leak';
const registry = loadRegistry('schemas');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ tokenSecret: TOKEN_KEY });
});

afterAll(async () => {
  await server?.stop();
});

function sampleParams(schema: JsonSchema | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of schema?.required ?? []) {
    const p = schema!.properties?.[name] ?? {};
    out[name] = p.type === 'integer' ? '1' : name === 'mobile' ? '13800000001' : name === 'dictType' ? 'user_status' : name === 'menuCode' ? 'sysuser' : name === 'roleCode' ? 'ROLE_EDITOR' : 'admin';
  }
  return out;
}

describe('secrets', () => {
  it('appear in no answer of any GET call', async () => {
    const admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
    const leaks: string[] = [];
    let scanned = 0;
    for (const call of registry.calls.filter((c) => c.method === 'GET')) {
      if (call.name === 'getSmsCaptcha') continue; // sends a code; its answer has no data
      const params = call.verb === 'query' ? { pageSize: '10000' } : sampleParams(call.query);
      const res = await admin.get(call.url, params);
      const text = Buffer.isBuffer(res.body) ? res.body.toString('latin1') : JSON.stringify(res.body);
      scanned++;
      if (/scrypt\$/.test(text)) leaks.push(`${call.url}: a scrypt hash`);
      if (/"(password|clientSecret)"\s*:/.test(text)) leaks.push(`${call.url}: a password or secret field`);
      if (text.includes(TOKEN_KEY)) leaks.push(`${call.url}: the token key`);
    }
    expect(scanned).toBeGreaterThan(30);
    expect(leaks).toEqual([]);
  });
});
