import { HISTORY_EVENT_COLUMNS } from '@cbm/contracts/battery-history';
import type { UiLanguage } from '@cbm/contracts/date-formats';
import type { EventRow } from '@cbm/contracts/events';
import type { Queryable } from '../../db/database';
import { eventRepository } from './event-repository';

/**
 * A battery's newest events of a range at a site, newest first, at most `max`, with the columns of
 * HISTORY_EVENT_COLUMNS in the reader's language: the battery page's history (decision 115) and the report PDF.
 */
export async function batteryEventsOf(
  db: Queryable,
  query: { siteId: number; serial: string; from: Date; to: Date; max: number },
  language: UiLanguage,
): Promise<EventRow[]> {
  const page = await eventRepository(db).page(
    'battery',
    {
      from: query.from.toISOString(),
      to: query.to.toISOString(),
      max: query.max,
      orderBy: 'Timestamp',
      orderByDescending: true,
      offset: 0,
      operatingSiteIds: [query.siteId],
      filter: {
        columns: [...HISTORY_EVENT_COLUMNS, 'BatterySerialNumber'],
        attributeFilters: [{ name: 'BatterySerialNumber', text: query.serial }],
      },
    },
    language,
  );
  // The serial filter matches a part of the serial: only this battery's rows stay.
  return page.events.filter((event) => event.values.BatterySerialNumber === query.serial);
}
