import { licencesEndpoints } from '@cbm/contracts/endpoints/licences';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The display units of a site with their licence end (GET /LicenseManagement); `meta.silent` for the load step. */
export const licencesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['licences', operatingSiteId],
    queryFn: ({ meta }) => call(licencesEndpoints.list, { query: { operatingSiteId }, silent: meta?.silent === true }),
  });

export const useLicences = (operatingSiteId: number) => useQuery(licencesQuery(operatingSiteId));
