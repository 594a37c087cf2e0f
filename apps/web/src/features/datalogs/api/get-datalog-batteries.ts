import { datalogsEndpoints } from '@cbm/contracts/endpoints/datalogs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /battery/Datalog/filters/batteries: the batteries of the site to request a datalog from. */
export const datalogBatteriesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['datalogs', operatingSiteId, 'batteries'],
    queryFn: () => call(datalogsEndpoints.batteries, { query: { operatingSiteId } }),
  });

export const useDatalogBatteries = (operatingSiteId: number) => useQuery(datalogBatteriesQuery(operatingSiteId));
