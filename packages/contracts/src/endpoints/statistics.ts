import { dataExportQuerySchema } from '../data-export';
import { endpoint } from '../endpoint';
import {
  statisticsBatteriesSchema,
  statisticsFilterQuerySchema,
  statisticsQuerySchema,
  statisticsResponseSchema,
} from '../statistics';

/** Battery statistics and the data export. */
export const statisticsEndpoints = {
  statistics: endpoint({
    method: 'GET',
    path: '/Statistics',
    query: statisticsQuerySchema,
    response: statisticsResponseSchema,
  }),
  batteries: endpoint({
    method: 'GET',
    path: '/Statistics/filter/batteries',
    query: statisticsFilterQuerySchema,
    response: statisticsBatteriesSchema,
  }),
  export: endpoint({ method: 'GET', path: '/Statistics/export', query: dataExportQuerySchema }),
};
