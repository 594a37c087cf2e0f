import { useSiteId } from '../../sites';
import { AlertsScreen } from './alerts-screen';
import { ThresholdRulesSection } from './threshold-rules-section';

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
