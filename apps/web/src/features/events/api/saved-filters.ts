import { eventEndpoints } from '@cbm/contracts/endpoints/events';
import type { SaveEventFilterBody } from '@cbm/contracts/events';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { EventProductConfig } from '../event-products';

/** GET …/Filters or …/MdloadEventsFilter: the user's own saved filters. */
export const savedFiltersQuery = (config: EventProductConfig) =>
  queryOptions({
    queryKey: ['events', config.product, 'filters'],
    queryFn: () => call(eventEndpoints[config.product].filters),
  });

export const useSavedFilters = (config: EventProductConfig) => useQuery(savedFiltersQuery(config));

/** POST: saving under an existing name replaces that filter. */
export function useSaveFilter(config: EventProductConfig) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveEventFilterBody) => call(eventEndpoints[config.product].saveFilter, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedFiltersQuery(config).queryKey }),
  });
}

/** DELETE …/{id}. */
export function useDeleteFilter(config: EventProductConfig) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(eventEndpoints[config.product].deleteFilter, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedFiltersQuery(config).queryKey }),
  });
}
