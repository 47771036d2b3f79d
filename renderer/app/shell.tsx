// Everything behind login: the session, then the current path resolved against the session's route
// table (granted page, forbidden, unknown), then the layout that page asks for with the page inside.
// The frame stays mounted while the user moves between pages of the same layout, so the menu and
// the tags keep their state; only the routed page below it changes.
import { useMemo } from 'react';
import { Navigate, Outlet, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { OnlineGuide } from '../components/online-guide.tsx';
import { PageError, PageHost } from '../pages/page-host.tsx';
import type { PageRegistry } from '../pages/registry.tsx';
import { CurrentRouteContext, useCurrentRoute } from './current-route.ts';
import { MainLayout } from './main-layout.tsx';
import { PasswordGuard } from './password-guard.tsx';
import { SessionGate, useSession } from './session-context.tsx';
import { SimpleLayout } from './simple-layout.tsx';

function ShellFrame() {
  const { user, settings, routes } = useSession();
  const location = useLocation();
  const route = useMemo(() => routes.resolve(location.pathname), [routes, location.pathname]);

  if (route.kind === 'forbidden') return <Navigate to="/403" replace />;
  if (route.kind === 'notFound') return <Navigate to="/404" replace />;
  const Layout = route.layout === 'main' ? MainLayout : SimpleLayout;
  return (
    <CurrentRouteContext.Provider value={route}>
      <PasswordGuard
        userId={user.userId}
        pwdExpired={Boolean(user.pwdExpired)}
        lastPasswordModifiedTime={user.lastPasswordModifiedTime}
        passwordStatus={settings.passwordStatus}
        navigationKey={location.key}
      >
        <Layout>
          <Outlet />
        </Layout>
        {settings.passwordStatus !== 1 && <OnlineGuide haveBrowsed={user.haveBrowsed} />}
      </PasswordGuard>
    </CurrentRouteContext.Provider>
  );
}

/** The route element of `/`: loads the session first (forced logout on failure). */
export function Shell() {
  return (
    <SessionGate>
      <ShellFrame />
    </SessionGate>
  );
}

/** A menu page or a fixed shell page: the page schema named by the route, drawn by the registry. */
export function RoutedPage({ registry }: { registry: PageRegistry }) {
  const route = useCurrentRoute();
  const { routes } = useSession();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const context = useMemo(() => ({ id, routeOf: routes.routeOf }), [id, routes]);
  if (route.kind !== 'page') return <PageError title="页面不存在" detail={`路径 ${pathname} 没有对应的页面`} />;
  // Keyed by the full path: another record (?id=) is a fresh page, not a stale one refetching.
  return <PageHost key={`${pathname}${search}`} pageId={route.pageId} registry={registry} context={context} />;
}

/** /redirect/<path>: the tag refresh detour; goes straight on to <path> so its page remounts. */
export function RedirectPage() {
  const params = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`/${params['*'] ?? ''}${search}${hash}`} replace />;
}
