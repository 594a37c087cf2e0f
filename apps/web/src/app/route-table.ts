import { SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';
import { loadLicences } from '../features/licences/load-licences';
import { loadSiteAdmin } from '../features/site-admin/load-site-admin';
import type { AppRoute } from './route-types';

const planned = () => import('../features/planned/planned-page');

/** Every route of spec §2, its title, layout, menu entry, help and access: the one table the app is driven from. */
export const PREMISE_ROUTES: AppRoute[] = [
  { name: 'batteries', path: 'batteries', redirectTo: 'live' },
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
    access: { features: ['cbm_statistic'], rule: SITE_PERMISSIONS.statistic },
    menu: { labelKey: 'menu.statistics', order: 2, area: 'battery' },
    redirectToFirstChild: true,
    children: [
      {
        name: 'statistics',
        path: 'statistics',
        titleKey: 'menu.statistics',
        menu: { labelKey: 'menu.statistics', order: 1, area: 'battery' },
        help: 'statistics',
        page: planned,
      },
      {
        name: 'export',
        path: 'export',
        titleKey: 'menu.dataExport',
        menu: { labelKey: 'menu.dataExport', order: 2, area: 'battery' },
        help: 'dataExport',
        page: planned,
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
    page: planned,
  },
  {
    name: 'report',
    path: 'report',
    titleKey: 'menu.reporting',
    access: { features: ['cbm_report'], rule: SITE_PERMISSIONS.report },
    menu: { labelKey: 'menu.reporting', order: 4, area: 'battery' },
    help: 'report',
    page: planned,
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
        page: planned,
      },
      {
        name: 'filter',
        path: 'filter/:serialNumber?',
        titleKey: 'menu.filterView',
        access: { features: ['cbm_filter'] },
        menu: { labelKey: 'menu.filterView', order: 2, area: 'battery' },
        help: 'expertFilter',
        page: planned,
      },
      {
        name: 'datalog',
        path: 'datalog',
        titleKey: 'menu.datalog',
        access: { features: ['cbm_datalog'] },
        menu: { labelKey: 'menu.datalog', order: 3, area: 'battery' },
        help: 'expertDatalog',
        page: planned,
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
        load: ({ premise }) => loadSiteAdmin(premise),
        page: () => import('../features/site-admin/components/site-admin-page'),
      },
      {
        name: 'license',
        path: 'license',
        titleKey: 'menu.license',
        access: { features: ['cbm_update'] },
        menu: { labelKey: 'menu.license', order: 2, area: 'battery' },
        load: ({ premise }) => loadLicences(premise),
        page: () => import('../features/licences/components/licence-page'),
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
  {
    name: 'mdload',
    path: 'mdload',
    redirectTo: 'live',
    children: [
      {
        name: 'md-live',
        path: 'live',
        titleKey: 'menu.chargerStationLiveView',
        access: { features: ['cbm_mdliveview'], rule: SITE_PERMISSIONS.mdloadLiveView },
        menu: { labelKey: 'menu.liveView', order: 1, area: 'mdload' },
        page: planned,
      },
      {
        name: 'md-stats',
        path: 'stats',
        titleKey: 'menu.chargerStationStatistics',
        access: { features: ['cbm_mdstatistic'], rule: SITE_PERMISSIONS.mdloadStatistic },
        menu: { labelKey: 'menu.statistics', order: 2, area: 'mdload' },
        redirectTo: 'consumption',
        children: [
          {
            name: 'md-consumption',
            path: 'consumption',
            titleKey: 'menu.consumption',
            menu: { labelKey: 'menu.consumption', order: 1, area: 'mdload' },
            page: planned,
          },
          {
            name: 'md-start-soc',
            path: 'start-soc',
            titleKey: 'menu.startSoc',
            menu: { labelKey: 'menu.startSoc', order: 2, area: 'mdload' },
            page: planned,
          },
        ],
      },
      {
        name: 'md-alerts',
        path: 'alerts',
        titleKey: 'menu.chargerStationAlerts',
        access: { features: ['cbm_mdlalert'], rule: SITE_PERMISSIONS.mdloadAlert },
        menu: { labelKey: 'menu.alerts', order: 3, area: 'mdload' },
        page: planned,
      },
      {
        name: 'md-events',
        path: 'events',
        titleKey: 'menu.chargerStationEvents',
        access: { features: ['cbm_mdevent'], rule: SITE_PERMISSIONS.mdloadEvent },
        menu: { labelKey: 'menu.events', order: 4, area: 'mdload' },
        page: planned,
      },
    ],
  },
];

const overviewPage = () => import('../features/overview/components/overview-page');

/** The top level: overview, about, 403 and the premise (operating site) with its feature routes. */
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
    name: 'forbidden',
    path: '403',
    titleKey: 'errors.forbiddenTitle',
    layout: 'blank',
    page: () => import('../features/errors/forbidden-page'),
  },
  { name: 'premise', path: ':premise', layout: 'default', redirectToFirstChild: true, children: PREMISE_ROUTES },
];
