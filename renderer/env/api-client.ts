// The one API client (architecture: renderer rules). Pages never call fetch: the envelope's codes
// are handled here once, so logout, batch dialogs and error toasts behave the same on every screen.
import { clearSession } from './cookies.ts';
import type { BatchDeleteResult, BatchSummaryResult } from './api-types.ts';

export const API_BASE = '/api';
/** Spec section 9: long exports and reports must not be cut off by a shorter limit. */
export const REQUEST_TIMEOUT_MS = 600_000;
export const NETWORK_ERROR_MESSAGE = '检测到网络故障，请稍后重试';
export const TIMEOUT_MESSAGE = '请求超时，请稍后重试';

/** Codes for failures that never reached the envelope; negative so they cannot clash with the server's. */
export const ClientCode = { NETWORK: -1, TIMEOUT: -2 } as const;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  /** The caller shows the failure itself (e.g. inline on the login form), so no error toast. */
  silent?: boolean;
  /** Receives the server's message on code 1, for the calls whose success text the spec shows. */
  onSuccessMessage?: (message: string) => void;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  onLogout: () => void;
  onError: (message: string) => void;
  onBatchDelete: (result: BatchDeleteResult) => void;
  onBatchSummary: (result: BatchSummaryResult) => void;
  timeoutMs?: number;
}

export interface ApiClient {
  get<T = unknown>(path: string, query?: Record<string, QueryValue>, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
}

interface Envelope {
  code: number;
  message?: string;
  result?: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number';
}

function urlOf(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  // Looked up per call so the browser's fetch is never captured before a test or polyfill replaces it.
  const doFetch = (url: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(url, init);

  function logout(message?: string): ApiError {
    clearSession();
    options.onLogout();
    return new ApiError(103, message || '登录已失效，请重新登录');
  }

  async function request<T>(method: 'GET' | 'POST', url: string, body: unknown, opts?: RequestOptions): Promise<T> {
    const fail = (code: number, message: string, result: unknown = null) => {
      if (!opts?.silent) options.onError(message);
      return new ApiError(code, message, result);
    };
    // No token header: the session rides in the HttpOnly cookie, which script cannot read; the server
    // takes a cookie-borne write only from the console's own origin (docs/decisions.md "Session cookie").
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (method === 'POST') headers['Content-Type'] = 'application/json';

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    // Timeout covers reading the body too: a stalled stream is as dead as a stalled connection.
    const transportFailure = () =>
      timedOut ? fail(ClientCode.TIMEOUT, TIMEOUT_MESSAGE) : fail(ClientCode.NETWORK, NETWORK_ERROR_MESSAGE);
    try {
      let response: Response;
      let payload: unknown;
      try {
        response = await doFetch(url, {
          method,
          headers,
          body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
          credentials: 'same-origin',
          signal: controller.signal,
        });
        if (response.status === 401) throw logout();
        payload = await response.json();
      } catch (err) {
        if (err instanceof ApiError) throw err;
        throw transportFailure();
      }
      // A body that is not our envelope came from a proxy or a crashed gateway, not from the server.
      if (!isEnvelope(payload)) throw fail(ClientCode.NETWORK, NETWORK_ERROR_MESSAGE);
      const { code, message = '', result = null } = payload;
      switch (code) {
        case 1:
          opts?.onSuccessMessage?.(message);
          return result as T;
        case 103:
          throw logout(message);
        case 105:
          options.onBatchDelete(result as BatchDeleteResult);
          return result as T;
        case 107:
          options.onBatchSummary(result as BatchSummaryResult);
          return result as T;
        default:
          throw fail(code, message || '操作失败', result);
      }
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    get: (path, query, opts) => request('GET', urlOf(path, query), undefined, opts),
    post: (path, body, opts) => request('POST', urlOf(path), body, opts),
  };
}
