// Test helpers for the list renderer: a fake env whose API answers from a route table and records
// every call, a Fluent provider, and the element size jsdom lacks (the virtual lists measure it).
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { ApiError } from '../../env/api-client.ts';
import type { Env } from '../../env/env-context.tsx';

export interface RecordedCall {
  method: 'GET' | 'POST';
  path: string;
  body: Record<string, unknown>;
}

export type Answer = (body: Record<string, unknown>) => unknown;

/** Routes are 'GET /path' or 'POST /path'; an answer may throw an ApiError to refuse. */
export function fakeEnv(routes: Record<string, Answer>) {
  const calls: RecordedCall[] = [];
  const answer = async (method: 'GET' | 'POST', path: string, body: Record<string, unknown>) => {
    calls.push({ method, path, body });
    const handler = routes[`${method} ${path}`];
    if (!handler) throw new ApiError(0, `no route ${method} ${path}`);
    return handler(body);
  };
  const env: Env = {
    api: {
      get: vi.fn((path: string, query?: Record<string, unknown>) => answer('GET', path, query ?? {})) as Env['api']['get'],
      post: vi.fn((path: string, body?: unknown) => answer('POST', path, (body ?? {}) as Record<string, unknown>)) as Env['api']['post'],
    },
    notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() },
    navigate: vi.fn(),
    logout: vi.fn(),
  };
  const callsTo = (path: string) => calls.filter((c) => c.path === path);
  return { env, calls, callsTo, last: (path: string) => callsTo(path).at(-1)?.body };
}

export function renderFluent(ui: ReactElement) {
  return render(<FluentProvider theme={webLightTheme}>{ui}</FluentProvider>);
}

/** jsdom lays nothing out; give every element a size so virtual lists render their rows. */
export function stubLayout(width = 1200, height = 600) {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  // Fluent's MessageBar watches its size; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/**
 * Finds an open dialog and moves focus into it, as a browser does on open. In jsdom Fluent's focus
 * manager (tabster) sees no element as visible, so focus stays on the surface and a dialog opened
 * after another modal keeps a stale aria-hidden until something inside it is focused.
 */
export async function openDialog(role: 'dialog' | 'alertdialog' = 'dialog', name?: string, wait?: { timeout: number }): Promise<HTMLElement> {
  const dialog = await screen.findByRole(role, { hidden: true, ...(name ? { name } : {}) }, wait);
  const first = dialog.querySelector<HTMLElement>('button, textarea, input');
  if (first) {
    first.focus();
    fireEvent.focusIn(first);
  }
  await waitFor(() => {
    if (dialog.getAttribute('aria-hidden') === 'true') throw new Error('dialog still hidden');
  }, wait);
  return dialog;
}
