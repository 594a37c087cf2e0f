import { useSitesWithFeature } from '../../sites';

/** The sites where the user may see battery or charger-station alarms, once both are known. */
export function useAlarmSites(enabled: boolean): number[] {
  const battery = useSitesWithFeature('cbm_alert', enabled).data;
  const mdload = useSitesWithFeature('cbm_mdlalert', enabled).data;
  return battery && mdload ? [...battery, ...mdload] : [];
}
