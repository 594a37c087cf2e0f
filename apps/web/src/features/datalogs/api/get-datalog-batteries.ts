import type { DatalogBattery } from '@cbm/contracts/datalogs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DATALOG_PATH } from './get-datalogs';

/** GET /battery/Datalog/filters/batteries: the batteries of the site to request a datalog from. */
export const datalogBatteriesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['datalogs', operatingSiteId, 'batteries'],
    queryFn: () => api<DatalogBattery[]>(`${DATALOG_PATH}/filters/batteries`, { query: { operatingSiteId } }),
  });

export const useDatalogBatteries = (operatingSiteId: number) => useQuery(datalogBatteriesQuery(operatingSiteId));
