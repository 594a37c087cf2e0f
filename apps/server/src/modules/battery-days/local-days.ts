import { STATISTICS_DEFAULT_TIME_ZONE } from '@cbm/contracts/constants';

/** A calendar day in a time zone: its date and the instants [start, end) it covers, in epoch ms. */
export interface LocalDay {
  date: string;
  start: number;
  end: number;
}

export interface LocalDays {
  readonly timeZone: string;
  /** The local day containing the instant. */
  dayAt(ms: number): LocalDay;
}

/** Used when a site's stored zone is not a zone this runtime knows (the business constants' default). */
export const FALLBACK_TIME_ZONE = STATISTICS_DEFAULT_TIME_ZONE;

// Zone offsets lie within -12 h and +14 h, so a local midnight is within 15 h of the same UTC one.
const SEARCH_MS = 15 * 3_600_000;
const cache = new Map<string, LocalDays>();

/** Day boundaries of a time zone, cached: ingestion asks for the same few days over and over. */
export function localDays(timeZone: string): LocalDays {
  let days = cache.get(timeZone);
  if (!days) {
    days = createLocalDays(isKnownTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE);
    cache.set(timeZone, days);
  }
  return days;
}

export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function createLocalDays(timeZone: string): LocalDays {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const dateAt = (ms: number) => format.format(ms);
  const starts = new Map<string, number>();
  const byDate = new Map<string, LocalDay>();
  let last: LocalDay | undefined;

  // The first instant whose local date is `date` or later. Searching instead of computing from
  // offsets also covers zones whose clocks skip midnight, where the day starts at 01:00.
  const startOf = (date: string): number => {
    let start = starts.get(date);
    if (start === undefined) {
      let low = Date.parse(`${date}T00:00:00Z`) - SEARCH_MS;
      let high = low + 2 * SEARCH_MS;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (dateAt(middle) >= date) high = middle;
        else low = middle;
      }
      start = high;
      starts.set(date, start);
    }
    return start;
  };

  return {
    timeZone,
    dayAt(ms) {
      if (last && ms >= last.start && ms < last.end) return last;
      const date = dateAt(ms);
      let day = byDate.get(date);
      if (!day) {
        day = { date, start: startOf(date), end: startOf(nextDate(date)) };
        byDate.set(date, day);
      }
      last = day;
      return day;
    },
  };
}
