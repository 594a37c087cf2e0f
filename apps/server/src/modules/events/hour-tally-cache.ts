/** How many events of an hour match a filter, and how many events the hour held when they were counted. */
export interface HourTally {
  events: number;
  matching: number;
}

/** Hours kept over all filters; a year of one filter is 8,760. */
const MAX_HOURS = 200_000;

/**
 * Matching events per whole UTC hour for each filter (docs/decisions/055-filtered-event-pages-by-hour.md), learnt
 * from the pages read. A tally holds while its hour's event count is unchanged. The filters used least recently
 * are forgotten first.
 */
export function hourTallyCache(maxHours = MAX_HOURS) {
  const byFilter = new Map<string, Map<number, HourTally>>();
  let size = 0;

  const touch = (key: string) => {
    const hours = byFilter.get(key);
    if (hours) {
      byFilter.delete(key);
      byFilter.set(key, hours);
    }
    return hours;
  };

  return {
    of(key: string): ReadonlyMap<number, HourTally> | undefined {
      return touch(key);
    },

    learn(key: string, learnt: readonly (readonly [hour: number, tally: HourTally])[]) {
      if (learnt.length === 0) return;
      const hours = touch(key) ?? new Map<number, HourTally>();
      byFilter.set(key, hours);
      for (const [hour, tally] of learnt) {
        if (!hours.has(hour)) size += 1;
        hours.set(hour, tally);
      }
      for (const [oldest, old] of byFilter) {
        if (size <= maxHours || oldest === key) break;
        size -= old.size;
        byFilter.delete(oldest);
      }
    },
  };
}
