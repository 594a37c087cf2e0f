import type { Feature } from '@cbm/contracts/features';
import type { SitePermission } from '@cbm/contracts/site-permissions';
import type { ComponentType } from 'react';

export type LayoutName = 'blank' | 'default' | 'overview';

/** Pages with a help text (product scope); every other page shows 'no help available'. */
export type HelpTopic =
  | 'alerts'
  | 'dataExport'
  | 'expertDatalog'
  | 'expertFilter'
  | 'expertList'
  | 'liveView'
  | 'overview'
  | 'report'
  | 'statistics';

/** What a route needs: at least one of the features, and the per-site permission when named. */
export interface Access {
  features?: readonly Feature[];
  rule?: SitePermission;
}

export type MenuArea = 'battery' | 'mdload';

export interface RouteLoadContext {
  siteId: number | undefined;
  params: Record<string, string | undefined>;
}

export interface AppRoute {
  name: string;
  /** Relative to the parent; '' for an index route. */
  path: string;
  titleKey?: string;
  layout?: LayoutName;
  access?: Access;
  menu?: { labelKey: string; order: number; area: MenuArea };
  help?: HelpTopic;
  /** Redirect target relative to the parent route. */
  redirectTo?: string;
  /** Redirect to the first child the user may open. */
  redirectToFirstChild?: boolean;
  page?: () => Promise<{ default: ComponentType }>;
  /** The route's load step (the screens and routes' guard, step 6); failures are logged, not shown. */
  load?: (context: RouteLoadContext) => Promise<unknown>;
  children?: AppRoute[];
}
