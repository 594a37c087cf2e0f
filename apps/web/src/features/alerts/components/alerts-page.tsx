import { AlertsScreen } from './alerts-screen';

/** Alerts (screens and routes, route `alerts`, cbm_alert): e-mail alerts for the site's batteries. */
export default function AlertsPage() {
  return <AlertsScreen product="battery" />;
}
