import { EVENT_PAGE_SIZE } from '@cbm/contracts/constants';
import {
  type AttributeFilter,
  DEFAULT_ORDER_BY,
  EVENT_OFFSET_MAX,
  type EventAttribute,
  type SavedEventFilter,
} from '@cbm/contracts/events';
import type { TimeRange } from '../../components/time-range/quick-range';
import { dayIn, dayjs, startOfDayIn } from '../../components/time-range/zoned-dayjs';

const DEFAULT_DAYS = 7;

/** The default period (business constants): the last 7 days (today included) up to now, never into the future. */
export function lastDaysToNow(timeZone: string, now: Date = new Date()): TimeRange {
  const first = dayjs
    .utc(dayIn(now, timeZone))
    .subtract(DEFAULT_DAYS - 1, 'day')
    .format('YYYY-MM-DD');
  return { from: startOfDayIn(first, timeZone), to: now };
}

/** What the user chose on an event screen; everything that decides the rows shown. */
export interface EventViewState {
  columns: string[];
  attributeFilters: AttributeFilter[];
  range: TimeRange;
  orderBy: string;
  descending: boolean;
  page: number;
  /** The saved filter last loaded or saved, if any. */
  activeFilterId: number | null;
}

export function initialEventView(
  defaultColumns: string[],
  range: TimeRange,
  serialFilter?: AttributeFilter,
): EventViewState {
  return {
    columns: defaultColumns,
    attributeFilters: serialFilter ? [serialFilter] : [],
    range,
    orderBy: DEFAULT_ORDER_BY,
    descending: true,
    page: 1,
    activeFilterId: null,
  };
}

/** A new filter of the attribute's kind with nothing chosen yet (it filters nothing until it is filled in). */
export function emptyFilter(attribute: EventAttribute): AttributeFilter {
  if (attribute.kind === 'enum') return { name: attribute.name, values: [] };
  if (attribute.kind === 'text') return { name: attribute.name, text: '' };
  return { name: attribute.name, min: null, max: null };
}

/** Only filters that constrain something go to the server. */
export function activeFilters(filters: readonly AttributeFilter[]): AttributeFilter[] {
  return filters.filter(
    (filter) =>
      (filter.min ?? null) !== null ||
      (filter.max ?? null) !== null ||
      (filter.text ?? '').trim() !== '' ||
      (filter.values?.length ?? 0) > 0,
  );
}

export function applySavedFilter(state: EventViewState, filter: SavedEventFilter): EventViewState {
  return {
    ...state,
    columns: filter.columns,
    attributeFilters: filter.attributeFilters,
    page: 1,
    activeFilterId: filter.id,
  };
}

/** Deleting the active saved filter resets the view to the default columns (state rules). */
export function afterFilterDeleted(state: EventViewState, deletedId: number, defaultColumns: string[]): EventViewState {
  if (state.activeFilterId !== deletedId) return state;
  return { ...state, columns: defaultColumns, attributeFilters: [], page: 1, activeFilterId: null };
}

/** Clicking a column's header: the first click sorts descending, the next ascending. */
export function sortBy(state: EventViewState, column: string): EventViewState {
  const descending = state.orderBy === column ? !state.descending : true;
  return { ...state, orderBy: column, descending, page: 1 };
}

export const offsetOf = (page: number) => (page - 1) * EVENT_PAGE_SIZE;

/**
 * The pager's pages: as many as the count fills, up to the deepest offset the server answers (an exact count can
 * reach beyond it; the oldest events are then the first pages of the other direction).
 */
export const pageCountOf = (totalCount: number) =>
  Math.max(1, Math.min(Math.ceil(totalCount / EVENT_PAGE_SIZE), Math.floor(EVENT_OFFSET_MAX / EVENT_PAGE_SIZE) + 1));

/** The seek token that starts closest before `offset` (the server skips only the rest). */
export function seekFor(tokens: ReadonlyMap<number, string>, offset: number): string | undefined {
  let best: number | undefined;
  for (const start of tokens.keys()) if (start <= offset && (best === undefined || start > best)) best = start;
  return best === undefined ? undefined : tokens.get(best);
}
