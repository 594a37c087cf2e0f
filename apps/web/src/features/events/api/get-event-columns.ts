import type { EventColumn } from '@cbm/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { EventProductConfig } from '../event-products';

/** GET …/Events/columns or …/MdloadEvents/columns: every column with its default priority. */
export const eventColumnsQuery = (config: EventProductConfig) =>
  queryOptions({
    queryKey: ['events', config.product, 'columns'],
    queryFn: () => api<EventColumn[]>(`${config.eventsPath}/columns`),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useEventColumns = (config: EventProductConfig) => useQuery(eventColumnsQuery(config));
