import type { BatteryEventQuery, EventPage } from '@cbm/contracts/events';
import { useQuery } from '@tanstack/react-query';
import type { TimeRange } from '../../../components/time-range/quick-range';
import { api } from '../../../lib/api-client';
import { BATTERY_EVENTS } from '../../events/event-products';

/** The timeline's columns: when, what kind, which error and whether it was raised or cleared. */
export const TIMELINE_COLUMNS = ['Timestamp', 'EventType', 'ErrorCode', 'ErrorDescription', 'Event'];
const TIMELINE_SIZE = 20;

/** POST /battery/Events (cbm_filter): the battery's newest events of the range. */
export const useBatteryEvents = (operatingSiteId: number, serial: string, range: TimeRange) =>
  useQuery({
    queryKey: ['events', 'battery', 'page', 'timeline', operatingSiteId, serial, range.from.toISOString()],
    queryFn: () =>
      api<EventPage>(BATTERY_EVENTS.eventsPath, {
        method: 'POST',
        body: {
          operatingSiteIds: [operatingSiteId],
          from: range.from.toISOString(),
          to: range.to.toISOString(),
          max: TIMELINE_SIZE,
          orderBy: 'Timestamp',
          orderByDescending: true,
          batteryEventFilter: {
            columns: TIMELINE_COLUMNS,
            attributeFilters: [{ name: 'BatterySerialNumber', text: serial }],
          },
        } satisfies BatteryEventQuery,
      }),
  });
