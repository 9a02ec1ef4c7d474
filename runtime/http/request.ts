/**
 * The shared HTTP client (spec 7, 8): base "/", 5000 ms timeout, Authorization, RoleCode and
 * (a post chosen) PostCode headers when signed in, the envelope rules, the error toasts and the re-login confirm.
 */
import axios, { AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { translator } from '../i18n/translator.ts';
import { REQUEST_BASE_URL, REQUEST_TIMEOUT_MS } from '../constants/spec.ts';
import { getToken, readSession } from '../auth/tokenStorage.ts';
import { confirm, toastError } from '../feedback/feedback.ts';
import { envelopeCode, envelopeMessage, isFailure, needsRelogin } from './envelope.ts';
import { ApiError } from './apiError.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not toast failures of this call (the caller handles them). */
    silent?: boolean;
  }
}

interface SessionHooks {
  roles: () => readonly string[];
  /** The post in force (the header's post switch), sent as the PostCode header. */
  postCode?: () => string | undefined;
  /** Clears the token (reset token, spec 4) before the page reloads. */
  resetToken: () => void;
}

let session: SessionHooks = { roles: () => [], resetToken: () => undefined };

export function bindSession(hooks: SessionHooks): void {
  session = hooks;
}

let reloginOpen = false;

function askRelogin(): void {
  if (reloginOpen) return;
  reloginOpen = true;
  confirm({
    title: translator.t('http.reloginTitle'),
    content: translator.t('http.reloginContent'),
    okText: translator.t('http.relogin'),
    cancelText: translator.t('http.cancel'),
    onOk: () => {
      session.resetToken();
      window.location.reload();
    },
    onCancel: () => {
      reloginOpen = false;
    },
  });
}

/** Calls whose HTTP 400 stays silent: the lock check after sign-in. */
const SILENT_400_PATHS = ['/api/admin/sysuser/handleSuccess'];

export const http = axios.create({ baseURL: REQUEST_BASE_URL, timeout: REQUEST_TIMEOUT_MS });

http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  const token = getToken();
  if (token) {
    if (!config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
    // The user's roles (known once getSysUser answered; after a reload, from session storage).
    const roles = session.roles().length ? session.roles().join(',') : (readSession('role') ?? '');
    if (roles) config.headers.set('RoleCode', roles);
    // The post in force: the server counts only the roles granted for it (or for no post).
    const postCode = session.postCode?.() ?? readSession('postCode');
    if (postCode && !config.headers.has('PostCode')) config.headers.set('PostCode', postCode);
  }
  return config;
});

http.interceptors.response.use(
  (response) => {
    const body: unknown = response.data;
    if (response.config.responseType === 'blob' || response.config.responseType === 'arraybuffer') return response;
    if (isFailure(body)) {
      const code = envelopeCode(body);
      const text = envelopeMessage(body) ?? 'Error';
      if (!response.config.silent) toastError(text);
      if (needsRelogin(code)) askRelogin();
      return Promise.reject(new ApiError(text, code, body, response.status));
    }
    return response;
  },
  (error: AxiosError) => {
    const body: unknown = error.response?.data;
    const code = envelopeCode(body);
    const text = envelopeMessage(body) ?? error.message;
    const url = error.config?.url ?? '';
    const silent400 = error.response?.status === 400 && SILENT_400_PATHS.some((p) => url.startsWith(p));
    if (!error.config?.silent && !silent400) toastError(text);
    if (needsRelogin(code)) askRelogin();
    return Promise.reject(new ApiError(text, code, body, error.response?.status));
  },
);

/** Runs a call and resolves with the response body (the envelope, or the raw answer). */
export async function request<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await http.request<T>(config);
  return response.data;
}
