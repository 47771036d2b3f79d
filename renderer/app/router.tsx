// The route table (spec section 2) as data built by a function. Fixed routes are listed here; the
// pages of the menus are resolved inside the shell against the session's route table, because they
// are only known after login (one catch-all per layout, see shell.tsx and route-table.ts).
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { HomePage } from '../pages/home-page.tsx';
import { LoginPage } from '../pages/login-page.tsx';
import { createPageRegistry, type PageRegistry } from '../pages/registry.tsx';
import { ForbiddenPage, NotFoundPage, RouteErrorPage } from '../pages/status-pages.tsx';
import { HOME_PATH } from './return-url.ts';
import { FIXED_PAGES } from './route-table.ts';
import { fixedScreen } from './fixed-screens.tsx';
import { RedirectPage, RoutedPage, Shell } from './shell.tsx';

/** Pages behind login. Every path not listed lands in the catch-all, which shows a granted page or
 * sends the user to /403 (declared by some menu, not granted) or /404 (unknown). */
export function shellRoutes(registry: PageRegistry): RouteObject[] {
  const page = <RoutedPage registry={registry} />;
  return [
    { index: true, element: <Navigate to={HOME_PATH} replace /> },
    { path: HOME_PATH.slice(1), Component: HomePage },
    { path: 'redirect/*', Component: RedirectPage },
    ...FIXED_PAGES.map((f) => ({ path: f.route.slice(1), element: fixedScreen(f.pageId) ?? page })),
    { path: '*', element: page },
  ];
}

/** The registry is created once per router: its lazy renderers load on first use and stay loaded. */
export function appRoutes(registry: PageRegistry = createPageRegistry()): RouteObject[] {
  return [
    { path: '/login', Component: LoginPage, ErrorBoundary: RouteErrorPage },
    { path: '/403', Component: ForbiddenPage },
    { path: '/404', Component: NotFoundPage },
    { path: '/', Component: Shell, ErrorBoundary: RouteErrorPage, children: shellRoutes(registry) },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
