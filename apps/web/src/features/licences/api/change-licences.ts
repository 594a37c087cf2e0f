import { licencesEndpoints } from '@cbm/contracts/endpoints/licences';
import type { LicenceChangeBody } from '@cbm/contracts/licences';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { licencesQuery } from './get-licences';

/** POST /LicenseManagement: one end date for one or several devices of the site. */
export function useChangeLicences(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: LicenceChangeBody) =>
      call(licencesEndpoints.change, { query: { operatingSiteId }, body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licencesQuery(operatingSiteId).queryKey }),
  });
}
