import { useSiteId } from '../../sites';
import { AlarmInbox } from './alarm-inbox';

/** Alarm inbox (route `alarms` of a site, cbm_alert or cbm_mdlalert): the site's alarms. */
export default function AlarmsPage() {
  return <AlarmInbox siteId={useSiteId()} />;
}
