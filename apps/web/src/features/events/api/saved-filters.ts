import type { SavedEventFilter, SaveEventFilterBody } from '@cbm/contracts/events';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { EventProductConfig } from '../event-products';

/** GET …/Filters or …/MdloadEventsFilter: the user's own saved filters. */
export const savedFiltersQuery = (config: EventProductConfig) =>
  queryOptions({
    queryKey: ['events', config.product, 'filters'],
    queryFn: () => api<SavedEventFilter[]>(config.filtersPath),
  });

export const useSavedFilters = (config: EventProductConfig) => useQuery(savedFiltersQuery(config));

/** POST: saving under an existing name replaces that filter. */
export function useSaveFilter(config: EventProductConfig) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveEventFilterBody) => api<SavedEventFilter>(config.filtersPath, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedFiltersQuery(config).queryKey }),
  });
}

/** DELETE …/{id}. */
export function useDeleteFilter(config: EventProductConfig) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`${config.filtersPath}/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedFiltersQuery(config).queryKey }),
  });
}
