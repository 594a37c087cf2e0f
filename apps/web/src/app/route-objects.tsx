import { matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router';
import { FirstChildRedirect } from './first-child-redirect';
import { ROUTES } from './route-table';
import type { AppRoute } from './route-types';

const toUnknownPath: RouteObject = { path: '*', element: <Navigate to="/" replace /> };

function indexRedirect(route: AppRoute): RouteObject[] {
  if (route.redirectTo) return [{ index: true, element: <Navigate to={route.redirectTo} replace /> }];
  if (route.redirectToFirstChild) return [{ index: true, element: <FirstChildRedirect route={route} /> }];
  return [];
}

function toElement(route: AppRoute) {
  return route.redirectTo && !route.children ? <Navigate to={route.redirectTo} replace /> : <Outlet />;
}

/** Turns the route table into router routes; each carries its table entry as `handle`. */
function toRouteObjects(routes: AppRoute[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const page = route.page;
    const base = page
      ? { handle: route, lazy: async () => ({ Component: (await page()).default }) }
      : { handle: route, element: toElement(route) };
    const children = route.children && [...indexRedirect(route), ...toRouteObjects(route.children), toUnknownPath];
    return route.path === '' ? { ...base, index: true } : { ...base, path: route.path, children };
  });
}

/** The children of the root route: every route of the table, and unknown paths to /. */
export const APP_ROUTE_OBJECTS: RouteObject[] = [...toRouteObjects(ROUTES), toUnknownPath];

/** The route-table entries a path matches, outermost first, with the path's parameters. */
export function matchRouteChain(pathname: string) {
  const root: RouteObject[] = [{ path: '/', children: APP_ROUTE_OBJECTS }];
  const matches = matchRoutes(root, pathname) ?? [];
  return {
    chain: matches.map((match) => match.route.handle as AppRoute | undefined).filter((route) => route !== undefined),
    params: matches.at(-1)?.params ?? {},
  };
}
