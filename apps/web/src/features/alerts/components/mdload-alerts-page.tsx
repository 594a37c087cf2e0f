import { AlertsScreen } from './alerts-screen';

/** Charger-station alerts (screens and routes, route `md-alerts`, cbm_mdlalert and the site's Alert permission). */
export default function MdloadAlertsPage() {
  return <AlertsScreen product="mdload" />;
}
