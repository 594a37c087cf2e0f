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

const RELOADED_KEY = 'cbm.reloadedForNewVersion';

/** After a deploy an open tab may ask for a page chunk that is gone: load the new version once. */
async function loadPage(page: NonNullable<AppRoute['page']>) {
  try {
    const module = await page();
    sessionStorage.removeItem(RELOADED_KEY);
    return module;
  } catch (error) {
    if (sessionStorage.getItem(RELOADED_KEY)) throw error;
    sessionStorage.setItem(RELOADED_KEY, '1');
    window.location.reload();
    return new Promise<never>(() => undefined);
  }
}

/** Turns the route table into router routes; each carries its table entry as `handle`. */
function toRouteObjects(routes: AppRoute[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const page = route.page;
    const base = page
      ? { handle: route, lazy: async () => ({ Component: (await loadPage(page)).default }) }
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
