import { FEATURE_SITE_RULES } from '@cbm/contracts/site-permissions';
import { loadAlerts } from '../features/alerts';
import type { AppRoute } from './route-types';

/** The charger-station area of a site (route-table.ts holds the rest). */
export const CHARGER_STATION_ROUTES: AppRoute = {
  name: 'mdload',
  path: 'mdload',
  redirectTo: 'live',
  children: [
    {
      name: 'md-live',
      path: 'live',
      titleKey: 'menu.chargerStationLiveView',
      access: { features: ['cbm_mdliveview'], rule: FEATURE_SITE_RULES.cbm_mdliveview },
      menu: { labelKey: 'menu.liveView', order: 1, area: 'mdload' },
      page: () => import('../features/mdload-live-view/components/mdload-live-view-page'),
    },
    {
      name: 'md-unit',
      path: 'units/:serial',
      titleKey: 'menu.chargerStationUnit',
      access: { features: ['cbm_mdliveview'], rule: FEATURE_SITE_RULES.cbm_mdliveview },
      page: () => import('../features/battery-page/components/unit-page'),
    },
    {
      name: 'md-stats',
      path: 'stats',
      titleKey: 'menu.chargerStationStatistics',
      access: { features: ['cbm_mdstatistic'], rule: FEATURE_SITE_RULES.cbm_mdstatistic },
      menu: { labelKey: 'menu.statistics', order: 2, area: 'mdload' },
      redirectTo: 'consumption',
      children: [
        {
          name: 'md-consumption',
          path: 'consumption',
          titleKey: 'menu.consumption',
          menu: { labelKey: 'menu.consumption', order: 1, area: 'mdload' },
          page: () => import('../features/mdload-statistics/components/consumption-page'),
        },
        {
          name: 'md-start-soc',
          path: 'start-soc',
          titleKey: 'menu.startSoc',
          menu: { labelKey: 'menu.startSoc', order: 2, area: 'mdload' },
          page: () => import('../features/mdload-statistics/components/start-soc-page'),
        },
      ],
    },
    {
      name: 'md-alerts',
      path: 'alerts',
      titleKey: 'menu.chargerStationAlerts',
      access: { features: ['cbm_mdlalert'], rule: FEATURE_SITE_RULES.cbm_mdlalert },
      menu: { labelKey: 'menu.alerts', order: 3, area: 'mdload' },
      help: 'alerts',
      load: ({ siteId }) => loadAlerts('mdload', siteId),
      page: () => import('../features/alerts/components/mdload-alerts-page'),
    },
    {
      name: 'md-events',
      path: 'events',
      titleKey: 'menu.chargerStationEvents',
      access: { features: ['cbm_mdevent'], rule: FEATURE_SITE_RULES.cbm_mdevent },
      menu: { labelKey: 'menu.events', order: 4, area: 'mdload' },
      page: () => import('../features/events/components/mdload-events-page'),
    },
  ],
};
