import type { EventFilter, EventPage } from '@cbm/contracts/events';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { EventProductConfig } from '../event-products';

export interface EventPageRequest {
  from: string;
  to: string;
  max: number;
  offset: number;
  orderBy: string;
  orderByDescending: boolean;
  operatingSiteIds: number[];
  filter: EventFilter;
  seek?: string | undefined;
}

/**
 * POST …/Events or …/MdloadEvents. Silent: a failed fetch clears the result without a message (spec §8), so
 * the page shows no rows and keeps no stale ones.
 */
export function useEventPage(config: EventProductConfig, request: EventPageRequest | undefined) {
  const { filter, seek, ...query } = request ?? ({} as EventPageRequest);
  return useQuery({
    queryKey: ['events', config.product, 'page', query, filter],
    queryFn: () =>
      api<EventPage>(config.eventsPath, {
        method: 'POST',
        body: { ...query, seek, [config.filterKey]: filter },
        silent: true,
      }),
    enabled: request !== undefined,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
