import { EVENT_OFFSET_MAX } from '@cbm/contracts/events';
import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  afterFilterDeleted,
  applySavedFilter,
  initialEventView,
  lastDaysToNow,
  offsetOf,
  pageCountOf,
  seekFor,
  sortBy,
} from './event-view-model';

const range = { from: new Date('2026-11-16T00:00:00Z'), to: new Date('2026-11-23T00:00:00Z') };
const defaults = ['Timestamp', 'EventType'];

describe('event view model', () => {
  it('opens on the last 7 days up to now, in the site’s zone, not into the future', () => {
    const now = new Date('2026-11-25T14:30:00Z');
    expect(lastDaysToNow('Europe/Berlin', now)).toEqual({ from: new Date('2026-11-18T23:00:00Z'), to: now });
  });

  it('starts newest first on page 1 with the default columns and the route’s serial filter', () => {
    const state = initialEventView(defaults, range, { name: 'BatterySerialNumber', text: '2010001' });
    expect(state).toMatchObject({ columns: defaults, orderBy: 'Timestamp', descending: true, page: 1 });
    expect(state.attributeFilters).toEqual([{ name: 'BatterySerialNumber', text: '2010001' }]);
  });

  it('resets to the default columns only when the active saved filter is deleted', () => {
    const loaded = applySavedFilter(initialEventView(defaults, range), {
      id: 7,
      name: 'Warnings',
      columns: ['Timestamp', 'SOC'],
      attributeFilters: [{ name: 'EventType', values: ['warning'] }],
    });
    expect(afterFilterDeleted(loaded, 8, defaults)).toBe(loaded);
    expect(afterFilterDeleted(loaded, 7, defaults)).toMatchObject({
      columns: defaults,
      attributeFilters: [],
      activeFilterId: null,
    });
  });

  it('sorts a new column descending first, then toggles, and goes back to page 1', () => {
    const state = { ...initialEventView(defaults, range), page: 4 };
    const bySoc = sortBy(state, 'SOC');
    expect(bySoc).toMatchObject({ orderBy: 'SOC', descending: true, page: 1 });
    expect(sortBy(bySoc, 'SOC').descending).toBe(false);
    expect(sortBy(state, 'Timestamp').descending).toBe(false);
  });

  it('sends only filters that constrain something', () => {
    expect(
      activeFilters([
        { name: 'SOC', min: null, max: null },
        { name: 'ErrorCode', text: ' ' },
        { name: 'EventType', values: [] },
        { name: 'SOC', min: 0 },
      ]),
    ).toEqual([{ name: 'SOC', min: 0 }]);
  });

  it('continues from the closest seek token before the offset', () => {
    const tokens = new Map([
      [20, 'a'],
      [40, 'b'],
      [100, 'c'],
    ]);
    expect(seekFor(tokens, offsetOf(1))).toBeUndefined();
    expect(seekFor(tokens, offsetOf(3))).toBe('b');
    expect(seekFor(tokens, offsetOf(4))).toBe('b');
    expect(seekFor(tokens, offsetOf(6))).toBe('c');
  });

  it('offers the pages the count fills, up to the deepest offset the server answers', () => {
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(41)).toBe(3);
    const deepest = pageCountOf(50_000_000);
    expect(offsetOf(deepest)).toBeLessThanOrEqual(EVENT_OFFSET_MAX);
    expect(offsetOf(deepest + 1)).toBeGreaterThan(EVENT_OFFSET_MAX);
  });
});
