/**
 * The demo pages' calls to the development mock API (docs/mock-api.md): served only with
 * MOCK_API=1 or in `npm run dev`. Answers are `{code: 200, data}`; another code is a failure
 * the shared HTTP client reports.
 */
import { request } from '../../http/request.ts';

/** Where the mock calls live (server-mock/mockApi/mockApi.ts MOCK_PREFIX). */
const MOCK_BASE = '/api/mock/vue-element-admin';

interface MockAnswer<T> {
  code: number;
  data: T;
}

export async function mockGet<T>(path: string, params: Record<string, unknown> = {}): Promise<T> {
  return (await request<MockAnswer<T>>({ method: 'GET', url: `${MOCK_BASE}/${path}`, params })).data;
}

export async function mockPost<T>(path: string, data: unknown): Promise<T> {
  return (await request<MockAnswer<T>>({ method: 'POST', url: `${MOCK_BASE}/${path}`, data })).data;
}
