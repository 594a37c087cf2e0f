import { eventEndpoints } from '@cbm/contracts/endpoints/events';
import type { BatteryEventQuery, EventQuery, MdloadEventQuery } from '@cbm/contracts/events';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
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
      call(eventEndpoints[config.product].page, {
        body,
        silent: true,
      }),
    enabled: request !== undefined,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
