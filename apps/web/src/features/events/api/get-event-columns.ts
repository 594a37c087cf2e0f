import { eventEndpoints } from '@cbm/contracts/endpoints/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { EventProductConfig } from '../event-products';

/** GET …/Events/columns or …/MdloadEvents/columns: every column with its default priority. */
export const eventColumnsQuery = (config: EventProductConfig) =>
  queryOptions({
    queryKey: ['events', config.product, 'columns'],
    queryFn: () => call(eventEndpoints[config.product].columns),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useEventColumns = (config: EventProductConfig) => useQuery(eventColumnsQuery(config));
