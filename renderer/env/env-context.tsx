// The env every page receives: the API client, notifications and navigation. Pages take it from
// context instead of importing singletons, so tests and stories can inject their own.
import {
  Link,
  Toast,
  Toaster,
  ToastTitle,
  useId,
  useToastController,
  type ToastIntent,
} from '@fluentui/react-components';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { BatchResultDialog, type BatchResult } from '../components/batch-result-dialog.tsx';
import { createApiClient, type ApiClient } from './api-client.ts';
import { clearSession } from './cookies.ts';

export interface Notify {
  error(message: string): void;
  info(message: string): void;
  success(message: string): void;
  /**
   * Refusals such as closing the last tag. Optional so that envs built by tests before it existed
   * stay valid; the provider always supplies it, callers fall back to `info`.
   */
  warning?(message: string): void;
}

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

export interface Env {
  api: ApiClient;
  notify: Notify;
  navigate: Navigate;
  /** End the session (on the server too, which clears the HttpOnly cookie) and go to the login page (forced logout, spec section 6). */
  logout(): void;
}

const EnvContext = createContext<Env | null>(null);

export function useEnv(): Env {
  const env = useContext(EnvContext);
  if (!env) throw new Error('useEnv 必须在 EnvProvider 内使用');
  return env;
}

export interface EnvProviderProps {
  /** The router's navigate: the provider sits outside the router so the client can redirect from anywhere. */
  navigate: Navigate;
  /** Tests pass a fake fetch; the browser's is used otherwise. */
  fetch?: typeof fetch;
  children: ReactNode;
}

export function EnvProvider({ navigate, fetch, children }: EnvProviderProps) {
  const toasterId = useId('toaster');
  const { dispatchToast, dismissToast } = useToastController(toasterId);
  const [batch, setBatch] = useState<BatchResult | null>(null);

  // Built once per provider: the router's navigate and the toast controller are both stable, so pages
  // can list `env` in effect dependencies without refetching.
  const env = useMemo<Env>(() => {
    let seq = 0;
    const show = (intent: ToastIntent, text: string) => {
      const toastId = `toast-${++seq}`;
      // Errors stay longer and can be closed by hand (spec section 8: closable error toasts).
      const close =
        intent === 'error' ? <Link onClick={() => dismissToast(toastId)}>关闭</Link> : undefined;
      dispatchToast(
        <Toast>
          <ToastTitle action={close}>{text}</ToastTitle>
        </Toast>,
        { intent, toastId, position: 'top', timeout: intent === 'error' ? 6000 : 3000 },
      );
    };
    const notify: Notify = {
      error: (m) => show('error', m),
      info: (m) => show('info', m),
      success: (m) => show('success', m),
      warning: (m) => show('warning', m),
    };
    const api = createApiClient({
      fetch,
      onLogout: () => navigate('/login', { replace: true }),
      onError: notify.error,
      onBatchDelete: (result) => setBatch({ kind: 'delete', result }),
      onBatchSummary: (result) => setBatch({ kind: 'summary', result }),
    });
    return {
      api,
      notify,
      navigate,
      // A forced logout ends the session on the server too: the token is an HttpOnly cookie script
      // cannot clear, and a live session would send the login page's single-sign-on check straight back.
      logout: () => {
        void api
          .post('/signOut', undefined, { silent: true })
          .catch(() => undefined)
          .finally(() => {
            clearSession();
            navigate('/login', { replace: true });
          });
      },
    };
  }, [dispatchToast, dismissToast, fetch, navigate]);

  return (
    <EnvContext.Provider value={env}>
      {children}
      <Toaster toasterId={toasterId} limit={5} />
      <BatchResultDialog value={batch} onClose={() => setBatch(null)} />
    </EnvContext.Provider>
  );
}
