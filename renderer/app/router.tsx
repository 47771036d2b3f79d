// The route table (spec section 2). Routes are plain data built by a function, so menu-driven
// routes can be appended later and any page can switch from `Component` to
// `lazy: () => import(...)` without touching the others.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { HomePage } from '../pages/home-page.tsx';
import { LoginPage } from '../pages/login-page.tsx';
import { ForbiddenPage, NotFoundPage, RouteErrorPage } from '../pages/status-pages.tsx';
import { MainLayout } from './main-layout.tsx';
import { HOME_PATH } from './return-url.ts';

/** Pages inside the main layout (logo, menu, top bar). Menu operations flagged sideMenu join here. */
export function layoutRoutes(): RouteObject[] {
  return [
    { index: true, element: <Navigate to={HOME_PATH} replace /> },
    { path: 'home', Component: HomePage },
  ];
}

export function appRoutes(): RouteObject[] {
  return [
    { path: '/login', Component: LoginPage, ErrorBoundary: RouteErrorPage },
    { path: '/403', Component: ForbiddenPage },
    { path: '/404', Component: NotFoundPage },
    { path: '/', Component: MainLayout, ErrorBoundary: RouteErrorPage, children: layoutRoutes() },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
