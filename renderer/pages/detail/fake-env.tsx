// Test helpers: an env whose API answers from a table of handlers and records every call, and a
// render inside the Fluent provider the console uses.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { Env } from '../../env/env-context.tsx';

export type Handler = (input: Record<string, unknown>) => unknown;

export function fakeEnv(handlers: Record<string, Handler>) {
  const calls: { method: 'GET' | 'POST'; path: string; input: Record<string, unknown> }[] = [];
  const answer = (method: 'GET' | 'POST', path: string, input: unknown) => {
    const body = (input ?? {}) as Record<string, unknown>;
    calls.push({ method, path, input: body });
    const handler = handlers[`${method} ${path}`];
    if (!handler) return Promise.reject(new Error(`no handler for ${method} ${path}`));
    try {
      return Promise.resolve(handler(body));
    } catch (err) {
      return Promise.reject(err);
    }
  };
  const env = {
    api: {
      get: vi.fn((path: string, query?: unknown) => answer('GET', path, query)),
      post: vi.fn((path: string, body?: unknown) => answer('POST', path, body)),
    },
    notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() },
    navigate: vi.fn(),
    logout: vi.fn(),
  } as unknown as Env & { notify: Record<'error' | 'info' | 'success', ReturnType<typeof vi.fn>> };
  return { env, calls };
}

export function renderFluent(ui: ReactElement) {
  return render(<FluentProvider theme={webLightTheme}>{ui}</FluentProvider>);
}

/** The dictionaries the base-data pages use, as findByDicTypeKey answers them. */
export const DICTIONARIES: Record<string, { id: number; label: string; disabled: boolean }[]> = {
  yesNo: [
    { id: 0, label: '否', disabled: false },
    { id: 1, label: '是', disabled: false },
  ],
  userType: [
    { id: 0, label: '员工', disabled: false },
    { id: 1, label: '客户', disabled: false },
    { id: 2, label: '承运商', disabled: false },
  ],
};

export const dictionaryHandler: Handler = (q) => DICTIONARIES[String(q.dicTypeKey)] ?? [];

// jsdom has no ResizeObserver; Fluent's MessageBar measures itself with one.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
