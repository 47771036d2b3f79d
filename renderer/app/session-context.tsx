// What the console needs before it can draw a page (spec section 8): the menu tree, all granted
// menus, the user and the corporation's settings, loaded in parallel right after login and on every
// reload. Without any one of them the console cannot work, so a failure forces logout.
import { Spinner } from '@fluentui/react-components';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../env/api-client.ts';
import type { CorpSettings, LogoInfo, MenuItem, UserInfo } from '../env/api-types.ts';
import { useEnv, type Env } from '../env/env-context.tsx';
import { LOADING_TEXT } from '../pages/page-host.tsx';
import { buildRouteTable, type RouteTable } from './route-table.ts';

export interface Session {
  user: UserInfo;
  /** The menu tree drawn at the side. */
  menus: MenuItem[];
  /** Every granted menu item, flat, with its operations: the source of routes and operation ids. */
  allMenu: MenuItem[];
  settings: CorpSettings;
  logo: LogoInfo;
  routes: RouteTable;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession 必须在 SessionGate 内使用');
  return session;
}

/** The session, or null outside the shell (pages drawn alone in tests): for optional pieces such as the export button. */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}

/** For tests and stories that draw part of the shell without loading a session. */
export const SessionProvider = SessionContext.Provider;

const list = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export async function loadSession({ api }: Env): Promise<Session> {
  const required = { silent: true } as const;
  // Optional pieces: a missing logo falls back to the title (spec section 8: only logged); without
  // the declared routes a forbidden page is reported as missing, which is still safe.
  const logo = api.post<LogoInfo>('/menu/getLogoUrl', undefined, { silent: true }).catch((err: unknown) => {
    console.warn('获取平台标识失败', err);
    return {} as LogoInfo;
  });
  const declared = api.get<string[]>('/menu/routes', undefined, { silent: true }).catch((err: unknown) => {
    console.warn('获取路由声明失败', err);
    return [] as string[];
  });
  const [menus, allMenu, user, settings, logoInfo, declaredRoutes] = await Promise.all([
    api.post<MenuItem[]>('/menu/menuTree', { useSystem: 3 }, required),
    api.post<MenuItem[]>('/menu/allMenu', { useSystem: 3 }, required),
    api.get<UserInfo>('/user/getCurrentUser', undefined, required),
    api.get<CorpSettings>('/personalSet/getCorpPersonalSet', undefined, required),
    logo,
    declared,
  ]);
  const granted = list<MenuItem>(allMenu);
  return {
    user,
    menus: list<MenuItem>(menus),
    allMenu: granted,
    settings: { ...settings, passwordStatus: settings?.passwordStatus ?? 2, msgLayerDisplayMode: settings?.msgLayerDisplayMode ?? 1 },
    logo: logoInfo ?? {},
    routes: buildRouteTable(granted, list<string>(declaredRoutes)),
  };
}

export function SessionGate({ children }: { children: ReactNode }) {
  const env = useEnv();
  const [session, setSession] = useState<Session | null>(null);

  useEffect(() => {
    let live = true;
    loadSession(env).then(
      (loaded) => live && setSession(loaded),
      (err: unknown) => {
        if (!live) return;
        // A 103 has already logged out inside the client; anything else is said once, then logout.
        if (err instanceof ApiError && err.code === 103) return;
        env.notify.error(err instanceof ApiError ? err.message : String(err));
        env.logout();
      },
    );
    return () => {
      live = false;
    };
  }, [env]);

  if (!session) return <Spinner size="small" label={LOADING_TEXT} style={{ marginTop: '20vh' }} />;
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
