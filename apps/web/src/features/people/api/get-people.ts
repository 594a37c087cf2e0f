import { peopleEndpoints } from '@cbm/contracts/endpoints/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /people: the users of the site's organisation and what the administrator may grant (decision 037). */
export const peopleQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['people', operatingSiteId],
    queryFn: () => call(peopleEndpoints.list, { query: { operatingSiteId } }),
  });

export const usePeople = (operatingSiteId: number) => useQuery(peopleQuery(operatingSiteId));
