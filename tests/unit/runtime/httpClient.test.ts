import { describe, it, expect, vi, beforeEach } from 'vitest';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';

const shown = vi.hoisted(() => ({
  errors: [] as string[],
  confirms: [] as { title: string; content: string; okText: string; cancelText: string }[],
}));
vi.mock('../../../runtime/feedback/feedback.ts', () => ({
  toastError: (text: string) => shown.errors.push(text),
  toastWarning: () => undefined,
  toastSuccess: () => undefined,
  confirm: (options: { title: string; content: string; okText: string; cancelText: string }) => shown.confirms.push(options),
}));
vi.mock('../../../runtime/auth/tokenStorage.ts', () => ({ getToken: () => 'tkn', readSession: () => undefined }));

const { translator } = await import('../../../runtime/i18n/translator.ts');
const { default: en } = await import('../../../runtime/i18n/messages/en.json');
translator.addMessages('en', en);
const { http, request, bindSession } = await import('../../../runtime/http/request.ts');
const { ApiError } = await import('../../../runtime/http/apiError.ts');
const { REQUEST_TIMEOUT_MS } = await import('../../../runtime/constants/spec.ts');

let last: InternalAxiosRequestConfig | undefined;
function answer(status: number, data: unknown): void {
  const adapter: AxiosAdapter = async (config) => {
    last = config;
    const response = { data, status, statusText: String(status), headers: {}, config } as AxiosResponse;
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
  http.defaults.adapter = adapter;
}

beforeEach(() => {
  shown.errors.length = 0;
  shown.confirms.length = 0;
  bindSession({ roles: () => ['ROLE_EDITOR', 'ROLE_VISITOR'], resetToken: () => undefined });
});

describe('HTTP client', () => {
  it('has base "/" and a 5000 ms timeout, and sends the bearer token and RoleCode', async () => {
    expect(http.defaults.baseURL).toBe('/');
    expect(http.defaults.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(5000);
    answer(200, { status: 200, message: 'success', data: 1 });
    await expect(request({ url: '/api/x' })).resolves.toEqual({ status: 200, message: 'success', data: 1 });
    expect(last!.headers.get('Authorization')).toBe('Bearer tkn');
    expect(last!.headers.get('RoleCode')).toBe('ROLE_EDITOR,ROLE_VISITOR');
  });

  it('keeps an explicit Authorization (the OAuth basic header)', async () => {
    answer(200, { access_token: 'a' });
    await request({ url: '/api/uaa/oauth/token', headers: { Authorization: 'Basic YnJvd3Nlcjo=' } });
    expect(last!.headers.get('Authorization')).toBe('Basic YnJvd3Nlcjo=');
  });

  it('rejects an envelope whose status is not 200 and toasts its message (or "Error")', async () => {
    answer(200, { status: 500, message: 'Boom' });
    await expect(request({ url: '/api/x' })).rejects.toBeInstanceOf(ApiError);
    answer(200, { code: 123 });
    await expect(request({ url: '/api/x' })).rejects.toThrow('Error');
    expect(shown.errors).toEqual(['Boom', 'Error']);
    expect(shown.confirms).toEqual([]);
  });

  it('passes plain answers and status "ok" as they are', async () => {
    answer(200, { status: 'ok', menu: [] });
    await expect(request({ url: '/api/x' })).resolves.toEqual({ status: 'ok', menu: [] });
    expect(shown.errors).toEqual([]);
  });

  it('asks to log in again for 50008, 50012 and 50014 with the spec texts (once while open)', async () => {
    answer(401, { status: 50014, message: 'Token expired' });
    await expect(request({ url: '/api/x' })).rejects.toMatchObject({ code: 50014 });
    answer(200, { code: 50012, message: 'Signed in elsewhere' });
    await expect(request({ url: '/api/x' })).rejects.toMatchObject({ code: 50012 });
    expect(shown.confirms).toHaveLength(1);
    expect(shown.confirms[0]).toMatchObject({
      title: 'Confirm logout',
      content: 'You have been logged out, you can cancel to stay on this page, or log in again',
      okText: 'Re-Login',
      cancelText: 'Cancel',
    });
  });

  it('toasts transport errors with the server message, except a 400 from handleSuccess', async () => {
    answer(400, { status: 400, message: 'Bad credentials' });
    await expect(request({ url: '/api/uaa/oauth/token' })).rejects.toMatchObject({ message: 'Bad credentials', httpStatus: 400 });
    answer(400, { status: 400, message: 'Account locked' });
    await expect(request({ url: '/api/admin/sysuser/handleSuccess' })).rejects.toMatchObject({ message: 'Account locked' });
    answer(500, 'not json');
    await expect(request({ url: '/api/y' })).rejects.toThrow('Request failed with status code 500');
    expect(shown.errors).toEqual(['Bad credentials', 'Request failed with status code 500']);
  });

  it('keeps silent calls silent', async () => {
    answer(404, { status: 404, message: 'Not found' });
    await expect(request({ url: '/api/z', silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(shown.errors).toEqual([]);
  });
});
