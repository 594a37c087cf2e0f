import type { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  batteryEventQuerySchema,
  eventColumnsSchema,
  eventFilterIdParamsSchema,
  eventPageSchema,
  mdloadEventQuerySchema,
  savedEventFilterSchema,
  savedEventFiltersSchema,
  saveEventFilterBodySchema,
} from '../events';

/** One product's events and saved filters: the same calls under the product's two base paths. */
function eventEndpointsAt<const Events extends string, const Filters extends string, Q extends z.ZodType>(
  events: Events,
  filters: Filters,
  query: Q,
) {
  return {
    columns: endpoint({ method: 'GET', path: `${events}/columns`, response: eventColumnsSchema }),
    page: endpoint({ method: 'POST', path: events, body: query, response: eventPageSchema }),
    filters: endpoint({ method: 'GET', path: filters, response: savedEventFiltersSchema }),
    saveFilter: endpoint({
      method: 'POST',
      path: filters,
      body: saveEventFilterBodySchema,
      response: savedEventFilterSchema,
    }),
    deleteFilter: endpoint({ method: 'DELETE', path: `${filters}/:id`, params: eventFilterIdParamsSchema }),
  };
}

export const eventEndpoints = {
  battery: eventEndpointsAt('/battery/Events', '/battery/Filters', batteryEventQuerySchema),
  mdload: eventEndpointsAt('/mdload/MdloadEvents', '/mdload/MdloadEventsFilter', mdloadEventQuerySchema),
};
