import { queryClient } from '../../lib/query-client';
import { licencesQuery } from './api/get-licences';

/** The route's load step (screens and routes): the site's device licences; failures are only logged. */
export async function loadLicences(operatingSiteId: number | undefined) {
  if (operatingSiteId === undefined) return;
  await queryClient.ensureQueryData({ ...licencesQuery(operatingSiteId), meta: { silent: true } });
}
