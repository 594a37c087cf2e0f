import type { BatteryEventQuery, EventPage, EventQuery, MdloadEventQuery } from '@cbm/contracts/events';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { EventProductConfig } from '../event-products';

/**
 * POST …/Events or …/MdloadEvents. Silent: a failed fetch clears the result without a message (error catalogue), so
 * the page shows no rows and keeps no stale ones.
 */
export function useEventPage(config: EventProductConfig, request: EventQuery | undefined) {
  const { filter, seek, ...query } = request ?? ({} as EventQuery);
  const body: BatteryEventQuery | MdloadEventQuery =
    config.product === 'battery'
      ? { ...query, seek, batteryEventFilter: filter }
      : { ...query, seek, mdloadEventFilter: filter };
  return useQuery({
    queryKey: ['events', config.product, 'page', query, filter],
    queryFn: () =>
      api<EventPage>(config.eventsPath, {
        method: 'POST',
        body,
        silent: true,
      }),
    enabled: request !== undefined,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
