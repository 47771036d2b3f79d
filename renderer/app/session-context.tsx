// What the main layout needs before it can draw: the user, their menu tree and the branding.
// Loaded on entering the layout, i.e. right after login and on every reload of a console page.
import { Spinner } from '@fluentui/react-components';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../env/api-client.ts';
import type { LogoInfo, MenuItem, UserInfo } from '../env/api-types.ts';
import { useEnv } from '../env/env-context.tsx';

export interface Session {
  user: UserInfo;
  menus: MenuItem[];
  logo: LogoInfo;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession 必须在 SessionGate 内使用');
  return session;
}

export function SessionGate({ children }: { children: ReactNode }) {
  const env = useEnv();
  const [session, setSession] = useState<Session | null>(null);

  useEffect(() => {
    let live = true;
    const { api } = env;
    // Spec section 8: logo failures are only logged; the layout falls back to text.
    const logo = api.post<LogoInfo>('/menu/getLogoUrl', undefined, { silent: true }).catch((err: unknown) => {
      console.warn('获取平台标识失败', err);
      return {} as LogoInfo;
    });
    Promise.all([
      api.get<UserInfo>('/user/getCurrentUser'),
      api.post<MenuItem[]>('/menu/menuTree', { useSystem: 3 }),
      logo,
    ]).then(
      ([user, menus, logoInfo]) => {
        if (live) setSession({ user, menus: Array.isArray(menus) ? menus : [], logo: logoInfo ?? {} });
      },
      (err: unknown) => {
        // Spec section 6: without the user or the menus the console cannot work, so force logout.
        // A 103 has already logged out inside the client.
        if (live && !(err instanceof ApiError && err.code === 103)) env.logout();
      },
    );
    return () => {
      live = false;
    };
  }, [env]);

  if (!session) {
    return <Spinner size="small" label="拼命加载中" style={{ marginTop: '20vh' }} />;
  }
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
