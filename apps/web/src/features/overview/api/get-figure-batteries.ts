import { fleetHealthEndpoints } from '@cbm/contracts/endpoints/fleet-health';
import type { FigureBatteriesQuery } from '@cbm/contracts/fleet-health';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { FLEET_HEALTH_KEY } from './get-fleet-health';

/** GET /fleet-health/batteries: a page of the batteries one of the overview's figures counts. */
export const figureBatteriesQuery = (query: FigureBatteriesQuery) =>
  queryOptions({
    queryKey: [FLEET_HEALTH_KEY, 'batteries', query],
    queryFn: () => call(fleetHealthEndpoints.figureBatteries, { query }),
    placeholderData: keepPreviousData,
  });

export const useFigureBatteries = (query: FigureBatteriesQuery) => useQuery(figureBatteriesQuery(query));
