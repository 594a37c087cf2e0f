import { ThresholdRulesSection } from '../../alarms/components/threshold-rules-section';
import { useSiteId } from '../../sites/use-site-id';
import { AlertsScreen } from './alerts-screen';

/**
 * Alerts (screens and routes, route `alerts`, cbm_alert): e-mail alerts for the site's batteries, the event rules
 * and beside them the threshold and silence rules (decision 040).
 */
export default function AlertsPage() {
  return (
    <>
      <AlertsScreen product="battery" />
      <ThresholdRulesSection product="battery" siteId={useSiteId()} />
    </>
  );
}
