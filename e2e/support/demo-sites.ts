import { DEMO_ORGANIZATIONS, type DemoSiteName, sitePaths } from '@cbm/demo-fixtures/demo-sites';

/** The demo's operating sites with their path in the site tree, as the demo server (`npm start`) seeds them. */
export type SiteName = DemoSiteName;
export const ALL_SITES = sitePaths(DEMO_ORGANIZATIONS) as Record<SiteName, string>;
/** The sites of the first organisation, Nordlicht Logistik GmbH: the operator's. */
export const NORDLICHT_SITES = sitePaths(DEMO_ORGANIZATIONS.slice(0, 1));
