import { FEATURES, type Feature } from '@cbm/contracts/features';
import { SITE_PERMISSION_NAMES, SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';

export const DEMO_PASSWORD = 'cbm-demo';

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  features: readonly Feature[];
  /** Which organisations the user may see: all, the first one, or none. */
  organizations: 'all' | 'first' | 'none';
  permissions: readonly (typeof SITE_PERMISSION_NAMES)[number][];
}

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@cbm.demo',
    firstName: 'Ada',
    lastName: 'Admin',
    features: FEATURES,
    organizations: 'all',
    permissions: SITE_PERMISSION_NAMES,
  },
  {
    email: 'operator@cbm.demo',
    firstName: 'Otto',
    lastName: 'Operator',
    features: ['cbm_liveview', 'cbm_alert', 'cbm_report', 'cbm_statistic'],
    organizations: 'first',
    permissions: [SITE_PERMISSIONS.report, SITE_PERMISSIONS.statistic],
  },
  {
    email: 'stations@cbm.demo',
    firstName: 'Stella',
    lastName: 'Station',
    features: ['cbm_mdliveview'],
    organizations: 'first',
    permissions: [SITE_PERMISSIONS.mdloadLiveView],
  },
  {
    email: 'blocked@cbm.demo',
    firstName: 'Bea',
    lastName: 'Blocked',
    features: [],
    organizations: 'none',
    permissions: [],
  },
];
