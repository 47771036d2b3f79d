// A fake env for the form tests: canned answers per path, every call recorded.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { Env } from '../../env/env-context.tsx';

export type Answer = unknown | ((body: unknown) => unknown);

export function fakeEnv(answers: Record<string, Answer>) {
  const reply = async (path: string, arg: unknown) => {
    if (!(path in answers)) throw new Error(`unexpected call ${path}`);
    const a = answers[path];
    return typeof a === 'function' ? (a as (b: unknown) => unknown)(arg) : a;
  };
  const env = {
    api: { get: vi.fn((path: string, query?: unknown) => reply(path, query)), post: vi.fn((path: string, body?: unknown) => reply(path, body)) },
    notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() },
    navigate: vi.fn(),
    logout: vi.fn(),
  };
  return env as typeof env & Env;
}

export const wrap = (node: ReactNode) => <FluentProvider theme={webLightTheme}>{node}</FluentProvider>;
