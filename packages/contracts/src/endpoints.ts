import { type Endpoint, isEndpoint } from './endpoint';
import { alarmsEndpoints } from './endpoints/alarms';
import { alertEndpoints } from './endpoints/alerts';
import { auditEndpoints } from './endpoints/audit';
import { authEndpoints } from './endpoints/auth';
import { batteryCareEndpoints } from './endpoints/battery-care';
import { batteryGroupsEndpoints } from './endpoints/battery-groups';
import { batteryHistoryEndpoints } from './endpoints/battery-history';
import { batteryListEndpoints } from './endpoints/battery-list';
import { batteryProfileEndpoints } from './endpoints/battery-profile';
import { clientSettingsEndpoints } from './endpoints/client-settings';
import { datalogsEndpoints } from './endpoints/datalogs';
import { deviceRegistryEndpoints } from './endpoints/device-registry';
import { devicesEndpoints } from './endpoints/devices';
import { eventEndpoints } from './endpoints/events';
import { firmwareCampaignsEndpoints } from './endpoints/firmware-campaigns';
import { fleetHealthEndpoints } from './endpoints/fleet-health';
import { licencesEndpoints } from './endpoints/licences';
import { liveEndpoints } from './endpoints/live';
import { liveViewEndpoints } from './endpoints/live-view';
import { mdloadLiveViewEndpoints } from './endpoints/mdload-live-view';
import { mdloadStatisticsEndpoints } from './endpoints/mdload-statistics';
import { peopleEndpoints } from './endpoints/people';
import { reportsEndpoints } from './endpoints/reports';
import { siteAdminEndpoints } from './endpoints/site-admin';
import { sitesEndpoints } from './endpoints/sites';
import { statisticsEndpoints } from './endpoints/statistics';
import { thresholdRuleEndpoints } from './endpoints/threshold-rules';
import { updatesEndpoints } from './endpoints/updates';
import { userEndpoints } from './endpoints/user';

/** Every endpoint's definition, by area (decision 133): the web calls these, the server's routes are held to them. */
export const ENDPOINT_MAP = {
  alarms: alarmsEndpoints,
  alert: alertEndpoints,
  audit: auditEndpoints,
  auth: authEndpoints,
  batteryCare: batteryCareEndpoints,
  batteryGroups: batteryGroupsEndpoints,
  batteryHistory: batteryHistoryEndpoints,
  batteryList: batteryListEndpoints,
  batteryProfile: batteryProfileEndpoints,
  clientSettings: clientSettingsEndpoints,
  datalogs: datalogsEndpoints,
  deviceRegistry: deviceRegistryEndpoints,
  devices: devicesEndpoints,
  event: eventEndpoints,
  firmwareCampaigns: firmwareCampaignsEndpoints,
  fleetHealth: fleetHealthEndpoints,
  licences: licencesEndpoints,
  live: liveEndpoints,
  liveView: liveViewEndpoints,
  mdloadLiveView: mdloadLiveViewEndpoints,
  mdloadStatistics: mdloadStatisticsEndpoints,
  people: peopleEndpoints,
  reports: reportsEndpoints,
  siteAdmin: siteAdminEndpoints,
  sites: sitesEndpoints,
  statistics: statisticsEndpoints,
  thresholdRule: thresholdRuleEndpoints,
  updates: updatesEndpoints,
  user: userEndpoints,
};

/** Every definition of a map, however deeply it is grouped. */
export function endpointsOf(map: object): Endpoint[] {
  return Object.values(map).flatMap((entry) => (isEndpoint(entry) ? [entry] : endpointsOf(entry)));
}

export const ALL_ENDPOINTS: readonly Endpoint[] = endpointsOf(ENDPOINT_MAP);
