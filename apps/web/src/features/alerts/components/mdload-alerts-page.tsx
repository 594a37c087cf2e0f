import { ThresholdRulesSection } from '../../alarms/components/threshold-rules-section';
import { useSiteId } from '../../sites/use-site-id';
import { AlertsScreen } from './alerts-screen';

/**
 * Charger-station alerts (screens and routes, route `md-alerts`, cbm_mdlalert and the site's Alert permission): the
 * event rules and beside them the units' power rules (decision 040).
 */
export default function MdloadAlertsPage() {
  return (
    <>
      <AlertsScreen product="mdload" />
      <ThresholdRulesSection product="mdload" siteId={useSiteId()} />
    </>
  );
}
