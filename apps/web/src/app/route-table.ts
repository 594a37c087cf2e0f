import { FEATURE_SITE_RULES } from '@cbm/contracts/site-permissions';
import { loadAlerts } from '../features/alerts';
import { loadLicences } from '../features/licences';
import { loadSiteAdmin } from '../features/site-admin';
import { BATTERY_PAGE_FEATURE } from '../lib/page-paths';
import { CHARGER_STATION_ROUTES } from './charger-station-routes';
import { NOT_FOUND_PATH } from './navigation-guard';
import type { AppRoute } from './route-types';

/**
 * Every route of the screens and routes, its title, layout, menu entry, help and access: the one table the app is
 * driven from.
 */
export const SITE_ROUTES: AppRoute[] = [
  { name: 'batteries', path: 'batteries', redirectTo: 'live' },
  {
    name: 'battery',
    path: 'batteries/:serial',
    titleKey: 'menu.batteryPage',
    access: { features: [BATTERY_PAGE_FEATURE] },
    page: () => import('../features/battery-page/components/battery-page'),
  },
  {
    name: 'live',
    path: 'live',
    titleKey: 'menu.liveView',
    access: { features: ['cbm_liveview'] },
    menu: { labelKey: 'menu.liveView', order: 1, area: 'battery' },
    help: 'liveView',
    page: () => import('../features/live-view/components/live-view-page'),
  },
  {
    name: 'stats',
    path: 'stats',
    titleKey: 'menu.statistics',
    access: { features: ['cbm_statistic'], rule: FEATURE_SITE_RULES.cbm_statistic },
    menu: { labelKey: 'menu.statistics', order: 2, area: 'battery' },
    redirectToFirstChild: true,
    children: [
      {
        name: 'statistics',
        path: 'statistics',
        titleKey: 'menu.statistics',
        menu: { labelKey: 'menu.statistics', order: 1, area: 'battery' },
        help: 'statistics',
        page: () => import('../features/statistics/components/statistics-page'),
      },
      {
        name: 'export',
        path: 'export',
        titleKey: 'menu.dataExport',
        menu: { labelKey: 'menu.dataExport', order: 2, area: 'battery' },
        help: 'dataExport',
        page: () => import('../features/data-export/components/data-export-page'),
      },
      {
        name: 'care',
        path: 'care',
        titleKey: 'menu.batteryCare',
        menu: { labelKey: 'menu.batteryCare', order: 3, area: 'battery' },
        page: () => import('../features/battery-care/components/care-page'),
      },
    ],
  },
  {
    name: 'alerts',
    path: 'alerts',
    titleKey: 'menu.alerts',
    access: { features: ['cbm_alert'] },
    menu: { labelKey: 'menu.alerts', order: 3, area: 'battery' },
    help: 'alerts',
    load: ({ siteId }) => loadAlerts('battery', siteId),
    page: () => import('../features/alerts/components/alerts-page'),
  },
  {
    name: 'alarms',
    path: 'alarms',
    titleKey: 'menu.alarms',
    access: { features: ['cbm_alert', 'cbm_mdlalert'] },
    menu: { labelKey: 'menu.alarms', order: 3.5, area: 'battery' },
    page: () => import('../features/alarms/components/alarms-page'),
  },
  {
    name: 'report',
    path: 'report',
    titleKey: 'menu.reporting',
    access: { features: ['cbm_report'], rule: FEATURE_SITE_RULES.cbm_report },
    menu: { labelKey: 'menu.reporting', order: 4, area: 'battery' },
    help: 'report',
    page: () => import('../features/reports/components/report-page'),
  },
  {
    name: 'expert',
    path: 'expert',
    titleKey: 'menu.expert',
    access: { features: ['cbm_view', 'cbm_filter', 'cbm_datalog'] },
    menu: { labelKey: 'menu.expert', order: 98, area: 'battery' },
    redirectToFirstChild: true,
    children: [
      {
        name: 'battery_list',
        path: 'battery_list',
        titleKey: 'menu.batteryList',
        access: { features: ['cbm_view'] },
        menu: { labelKey: 'menu.batteryList', order: 1, area: 'battery' },
        help: 'expertList',
        page: () => import('../features/battery-list/components/battery-list-page'),
      },
      {
        name: 'filter',
        path: 'filter/:serialNumber?',
        titleKey: 'menu.filterView',
        access: { features: ['cbm_filter'] },
        menu: { labelKey: 'menu.filterView', order: 2, area: 'battery' },
        help: 'expertFilter',
        page: () => import('../features/events/components/battery-filter-page'),
      },
      {
        name: 'datalog',
        path: 'datalog',
        titleKey: 'menu.datalog',
        access: { features: ['cbm_datalog'] },
        menu: { labelKey: 'menu.datalog', order: 3, area: 'battery' },
        help: 'expertDatalog',
        page: () => import('../features/datalogs/components/datalog-page'),
      },
      {
        name: 'profile',
        path: 'profile/:serialNumber',
        titleKey: 'menu.profileAnalysis',
        access: { features: ['cbm_view'] },
        page: () => import('../features/battery-profile/components/profile-page'),
      },
    ],
  },
  {
    name: 'admin',
    path: 'admin',
    titleKey: 'menu.admin',
    access: { features: ['cbm_update', 'cbm_osadmin'] },
    menu: { labelKey: 'menu.admin', order: 99, area: 'battery' },
    redirectToFirstChild: true,
    children: [
      {
        name: 'osadmin',
        path: 'osadmin',
        titleKey: 'menu.osadmin',
        access: { features: ['cbm_osadmin'] },
        menu: { labelKey: 'menu.osadmin', order: 1, area: 'battery' },
        load: ({ siteId }) => loadSiteAdmin(siteId),
        page: () => import('../features/site-admin/components/site-admin-page'),
      },
      {
        name: 'license',
        path: 'license',
        titleKey: 'menu.license',
        access: { features: ['cbm_update'] },
        menu: { labelKey: 'menu.license', order: 2, area: 'battery' },
        load: ({ siteId }) => loadLicences(siteId),
        page: () => import('../features/licences/components/licence-page'),
      },
      {
        name: 'devices',
        path: 'devices',
        titleKey: 'menu.devices',
        access: { features: ['cbm_osadmin'] },
        menu: { labelKey: 'menu.devices', order: 4, area: 'battery' },
        page: () => import('../features/devices/components/devices-page'),
      },
      {
        name: 'users',
        path: 'users',
        titleKey: 'menu.users',
        access: { features: ['cbm_osadmin'] },
        menu: { labelKey: 'menu.users', order: 5, area: 'battery' },
        page: () => import('../features/people/components/people-page'),
      },
      {
        name: 'campaigns',
        path: 'campaigns',
        titleKey: 'menu.firmwareCampaigns',
        access: { features: ['cbm_update'] },
        menu: { labelKey: 'menu.firmwareCampaigns', order: 6, area: 'battery' },
        page: () => import('../features/firmware-campaigns/components/campaigns-page'),
      },
      {
        name: 'campaign',
        path: 'campaigns/:campaignId',
        titleKey: 'menu.firmwareCampaigns',
        access: { features: ['cbm_update'] },
        page: () => import('../features/firmware-campaigns/components/campaign-page'),
      },
      {
        name: 'audit',
        path: 'audit',
        titleKey: 'menu.auditLog',
        access: { features: ['cbm_osadmin'] },
        menu: { labelKey: 'menu.auditLog', order: 3, area: 'battery' },
        page: () => import('../features/audit/components/audit-page'),
      },
    ],
  },
  CHARGER_STATION_ROUTES,
];

const overviewPage = () => import('../features/overview/components/overview-page');

/** An address without a page, or a site the user may not see: said so, at `/not-found` or where it was typed. */
export const NOT_FOUND_ROUTE: AppRoute = {
  name: 'not-found',
  path: NOT_FOUND_PATH.slice(1),
  titleKey: 'errors.notFoundTitle',
  layout: 'overview',
  page: () => import('../features/errors/not-found-page'),
};

/** The top level: overview, about, the own account, 403, 404 and the operating site with its feature routes. */
export const ROUTES: AppRoute[] = [
  { name: 'overview', path: '', titleKey: 'menu.overview', layout: 'overview', help: 'overview', page: overviewPage },
  {
    name: 'overview-page',
    path: 'overview',
    titleKey: 'menu.overview',
    layout: 'overview',
    help: 'overview',
    page: overviewPage,
  },
  {
    name: 'about',
    path: 'about',
    titleKey: 'menu.about',
    layout: 'overview',
    page: () => import('../features/about/about-page'),
  },
  {
    name: 'figure-batteries',
    path: 'batteries',
    titleKey: 'menu.overview',
    layout: 'overview',
    access: { features: ['cbm_liveview'] },
    page: () => import('../features/overview/components/figure-batteries-page'),
  },
  {
    name: 'all-alarms',
    path: 'alarms',
    titleKey: 'alarms.allTitle',
    layout: 'overview',
    access: { features: ['cbm_alert', 'cbm_mdlalert'] },
    page: () => import('../features/alarms/components/all-alarms-page'),
  },
  {
    name: 'account',
    path: 'account',
    titleKey: 'menu.account',
    layout: 'overview',
    page: () => import('../features/account/components/account-page'),
  },
  {
    name: 'forbidden',
    path: '403',
    titleKey: 'errors.forbiddenTitle',
    layout: 'blank',
    page: () => import('../features/errors/forbidden-page'),
  },
  NOT_FOUND_ROUTE,
  { name: 'site', path: ':siteId', layout: 'default', redirectToFirstChild: true, children: SITE_ROUTES },
];
