import { type Grants, isAllowed } from './access';
import type { AppRoute, MenuArea } from './route-types';

export interface MenuItem {
  name: string;
  labelKey: string;
  /** Path below the siteId. */
  to: string;
  children: MenuItem[];
}

export interface MenuSection {
  area: MenuArea;
  items: MenuItem[];
}

const AREAS: MenuArea[] = ['battery', 'mdload'];
const staticPath = (path: string) => path.split('/:')[0] ?? path;

function collect(
  routes: readonly AppRoute[],
  grants: Grants,
  prefix: string,
): (MenuItem & { area: MenuArea; order: number })[] {
  return routes.flatMap((route) => {
    if (!isAllowed(route.access, grants)) return [];
    const to = `${prefix}${staticPath(route.path)}`;
    if (!route.menu) return route.children ? collect(route.children, grants, `${to}/`) : [];
    const children = route.children ? collect(route.children, grants, `${to}/`) : [];
    if (route.children && children.length === 0) return [];
    const item = { name: route.name, labelKey: route.menu.labelKey, to, children: sortByOrder(children) };
    return [{ ...item, area: route.menu.area, order: route.menu.order }];
  });
}

function sortByOrder<T extends { order: number }>(items: T[]): (T & MenuItem)[] {
  return [...items].sort((a, b) => a.order - b.order) as (T & MenuItem)[];
}

/** The menu the screens and routes define for the user's features and the site's rules, per area in menu order. */
export function buildMenu(routes: readonly AppRoute[], grants: Grants): MenuSection[] {
  const items = collect(routes, grants, '');
  return AREAS.map((area) => ({ area, items: sortByOrder(items.filter((item) => item.area === area)) })).filter(
    (section) => section.items.length > 0,
  );
}

/** The first page (in menu order) below a route that the user may open, as a relative path. */
export function firstAllowedChild(route: AppRoute, grants: Grants): string | undefined {
  const first = buildMenu(route.children ?? [], grants)[0]?.items[0];
  return first && (first.children[0]?.to ?? first.to);
}
