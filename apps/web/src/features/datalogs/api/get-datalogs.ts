import { DATALOG_REFRESH_MS, type DatalogList } from '@cbm/contracts/datalogs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const DATALOG_PATH = '/battery/Datalog';

/** GET /battery/Datalog: the site's datalogs, newest first; asked again while one waits for its upload. */
export const datalogsQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['datalogs', operatingSiteId],
    queryFn: () => api<DatalogList>(DATALOG_PATH, { query: { operatingSiteId } }),
    refetchInterval: (query) =>
      query.state.data?.datalogs.some((datalog) => datalog.status === 'requested') ? DATALOG_REFRESH_MS : false,
  });

export const useDatalogs = (operatingSiteId: number) => useQuery(datalogsQuery(operatingSiteId));
