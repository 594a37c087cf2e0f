import { useSiteId } from '../../sites';
import { AlertsScreen } from './alerts-screen';
import { ThresholdRulesSection } from './threshold-rules-section';

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
