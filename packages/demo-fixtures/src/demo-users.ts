import { FEATURES, type Feature } from '@cbm/contracts/features';
import { SITE_PERMISSION_NAMES, SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';

export const DEMO_PASSWORD = 'cbm-demo';

/** The demo accounts' e-mail addresses by role, as tests and benchmarks name them. */
export const DEMO_ACCOUNTS = {
  admin: 'admin@cbm.demo',
  operator: 'operator@cbm.demo',
  stations: 'stations@cbm.demo',
  blocked: 'blocked@cbm.demo',
} as const;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

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
    email: DEMO_ACCOUNTS.admin,
    firstName: 'Ada',
    lastName: 'Admin',
    features: FEATURES,
    organizations: 'all',
    permissions: SITE_PERMISSION_NAMES,
  },
  {
    email: DEMO_ACCOUNTS.operator,
    firstName: 'Otto',
    lastName: 'Operator',
    features: ['cbm_liveview', 'cbm_alert', 'cbm_report', 'cbm_statistic'],
    organizations: 'first',
    permissions: [SITE_PERMISSIONS.report, SITE_PERMISSIONS.statistic],
  },
  {
    email: DEMO_ACCOUNTS.stations,
    firstName: 'Stella',
    lastName: 'Station',
    // The charger-station user of issue 49's task (g): live state and last week's consumption.
    features: ['cbm_mdliveview', 'cbm_mdstatistic'],
    organizations: 'first',
    permissions: [SITE_PERMISSIONS.mdloadLiveView, SITE_PERMISSIONS.mdloadStatistic],
  },
  {
    email: DEMO_ACCOUNTS.blocked,
    firstName: 'Bea',
    lastName: 'Blocked',
    features: [],
    organizations: 'none',
    permissions: [],
  },
];
