import { EVENT_PAGE_SIZE, EVENT_REFETCH_DEBOUNCE_MS } from '@cbm/contracts/constants';
import type { EventQuery } from '@cbm/contracts/events';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef } from 'react';
import { useEventPage } from '../api/query-events';
import type { EventProductConfig } from '../event-products';
import { activeFilters, type EventViewState, offsetOf, seekFor } from '../event-view-model';

/**
 * The rows for the view's state: re-fetched 200 ms after the last change (business constants), continuing after the
 * rows
 * of pages already seen (seek tokens), so paging deep into a long list stays fast.
 */
export function useEventRows(config: EventProductConfig, state: EventViewState, siteId: number) {
  const tokens = useRef({ key: '', byOffset: new Map<number, string>() });
  const request = useMemo(() => {
    const query = {
      from: state.range.from.toISOString(),
      to: state.range.to.toISOString(),
      orderBy: state.orderBy,
      orderByDescending: state.descending,
      operatingSiteIds: [siteId],
      filter: { columns: state.columns, attributeFilters: activeFilters(state.attributeFilters) },
    };
    const key = JSON.stringify({ ...query, filter: query.filter.attributeFilters });
    if (tokens.current.key !== key) tokens.current = { key, byOffset: new Map() };
    const offset = offsetOf(state.page);
    return { ...query, max: EVENT_PAGE_SIZE, offset, seek: seekFor(tokens.current.byOffset, offset) };
  }, [state, siteId]);
  const [debounced] = useDebouncedValue<EventQuery>(request, EVENT_REFETCH_DEBOUNCE_MS);
  const result = useEventPage(config, debounced);

  const { data, isPlaceholderData } = result;
  useEffect(() => {
    if (data?.seek && !isPlaceholderData) tokens.current.byOffset.set(debounced.offset + data.events.length, data.seek);
  }, [data, isPlaceholderData, debounced]);

  return { page: result.isError ? undefined : data, failed: result.isError, loading: result.isFetching };
}
