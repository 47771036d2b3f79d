// The route on screen, resolved against the session's route table. Its operation ids are the
// allowed operations of spec section 6 ("on each route change the route's operation ids are stored").
import { createContext, useContext } from 'react';
import type { Resolution } from './route-table.ts';

export type ShownRoute = Exclude<Resolution, { kind: 'forbidden' } | { kind: 'notFound' }>;

export const CurrentRouteContext = createContext<ShownRoute | null>(null);

export function useCurrentRoute(): ShownRoute {
  const route = useContext(CurrentRouteContext);
  if (!route) throw new Error('useCurrentRoute 必须在控制台外壳内使用');
  return route;
}

/** The operation ids of the route on screen: the buttons a page may show. */
export function useAllowedOperations(): readonly string[] {
  return useCurrentRoute().operationIds;
}
