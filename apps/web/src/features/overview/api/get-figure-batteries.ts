import type { FigureBatteriesQuery, FigureBatteriesResponse } from '@cbm/contracts/fleet-health';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FLEET_HEALTH_KEY, FLEET_HEALTH_PATH } from './get-fleet-health';

/** GET /fleet-health/batteries: a page of the batteries one of the overview's figures counts. */
export const figureBatteriesQuery = (query: FigureBatteriesQuery) =>
  queryOptions({
    queryKey: [FLEET_HEALTH_KEY, 'batteries', query],
    queryFn: () => api<FigureBatteriesResponse>(`${FLEET_HEALTH_PATH}/batteries`, { query }),
    placeholderData: keepPreviousData,
  });

export const useFigureBatteries = (query: FigureBatteriesQuery) => useQuery(figureBatteriesQuery(query));
