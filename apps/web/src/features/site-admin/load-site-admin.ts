import { queryClient } from '../../lib/query-client';
import { expectedBatteriesQuery } from './api/get-expected-batteries';
import { siteSettingsQuery } from './api/get-site-settings';

/** The route's load step (screens and routes): site settings and expected batteries; failures are only logged. */
export async function loadSiteAdmin(operatingSiteId: number | undefined) {
  if (operatingSiteId === undefined) return;
  const meta = { silent: true };
  await Promise.all([
    queryClient.ensureQueryData({ ...siteSettingsQuery(operatingSiteId), meta }),
    queryClient.ensureQueryData({ ...expectedBatteriesQuery(operatingSiteId), meta }),
  ]);
}
