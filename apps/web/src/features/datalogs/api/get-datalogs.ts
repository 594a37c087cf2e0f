import { DATALOG_REFRESH_MS } from '@cbm/contracts/datalogs';
import { datalogsEndpoints } from '@cbm/contracts/endpoints/datalogs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /battery/Datalog: the site's datalogs, newest first; asked again while one waits for its upload. */
export const datalogsQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['datalogs', operatingSiteId],
    queryFn: () => call(datalogsEndpoints.list, { query: { operatingSiteId } }),
    refetchInterval: (query) =>
      query.state.data?.datalogs.some((datalog) => datalog.status === 'requested') ? DATALOG_REFRESH_MS : false,
  });

export const useDatalogs = (operatingSiteId: number) => useQuery(datalogsQuery(operatingSiteId));
