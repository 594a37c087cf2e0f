import { matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router';
import { FirstChildRedirect } from './first-child-redirect';
import { loadPage } from './load-page';
import { NOT_FOUND_ROUTE, ROUTES } from './route-table';
import type { AppRoute } from './route-types';

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
      ? { handle: route, lazy: async () => ({ Component: (await loadPage(page)).default }) }
      : { handle: route, element: toElement(route) };
    const children = route.children && [...indexRedirect(route), ...toRouteObjects(route.children), unknownPath()];
    return route.path === '' ? { ...base, index: true } : { ...base, path: route.path, children };
  });
}

/** Any other address shows the not-found page where it was typed. */
function unknownPath(): RouteObject {
  const [notFound] = toRouteObjects([{ ...NOT_FOUND_ROUTE, path: '*' }]);
  return notFound as RouteObject;
}

/** The children of the root route: every route of the table, and the not-found page for unknown paths. */
export const APP_ROUTE_OBJECTS: RouteObject[] = [...toRouteObjects(ROUTES), unknownPath()];

/** The route-table entries a path matches, outermost first, with the path's parameters. */
export function matchRouteChain(pathname: string) {
  const root: RouteObject[] = [{ path: '/', children: APP_ROUTE_OBJECTS }];
  const matches = matchRoutes(root, pathname) ?? [];
  return {
    chain: matches.map((match) => match.route.handle as AppRoute | undefined).filter((route) => route !== undefined),
    params: matches.at(-1)?.params ?? {},
  };
}
