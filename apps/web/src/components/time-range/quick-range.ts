import { dayIn, dayjs, nextDay, startOfDayIn } from './zoned-dayjs';

export const QUICK_RANGES = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'thisYear',
  'lastYear',
] as const;
export type QuickRangeName = (typeof QUICK_RANGES)[number];

/**
 * A time range as the APIs take it: `from` inclusive, `to` exclusive. `quickRange` names the quick range it was
 * chosen from, so that a remembered choice ("this week") can be recomputed later.
 */
export interface TimeRange {
  from: Date;
  to: Date;
  quickRange?: QuickRangeName;
}

type Unit = 'day' | 'isoWeek' | 'month' | 'year';
const PERIODS: Record<QuickRangeName, { unit: Unit; back: number }> = {
  today: { unit: 'day', back: 0 },
  yesterday: { unit: 'day', back: 1 },
  thisWeek: { unit: 'isoWeek', back: 0 },
  lastWeek: { unit: 'isoWeek', back: 1 },
  thisMonth: { unit: 'month', back: 0 },
  lastMonth: { unit: 'month', back: 1 },
  thisYear: { unit: 'year', back: 0 },
  lastYear: { unit: 'year', back: 1 },
};

/**
 * The whole calendar period (day, ISO week from Monday, month, year) a quick range names, counted in `timeZone`:
 * "this week" is Monday 00:00 to next Monday 00:00 there, whatever the browser's own zone, and a day that
 * crosses a daylight-saving change is 23 or 25 hours long.
 */
export function quickRange(name: QuickRangeName, timeZone: string, now: Date = new Date()): TimeRange {
  const { unit, back } = PERIODS[name];
  const calendarUnit = unit === 'isoWeek' ? 'week' : unit;
  const today = dayjs.utc(dayIn(now, timeZone));
  const first = today.subtract(back, calendarUnit).startOf(unit);
  const afterLast = first.add(1, calendarUnit);
  return {
    from: startOfDayIn(first.format('YYYY-MM-DD'), timeZone),
    to: startOfDayIn(afterLast.format('YYYY-MM-DD'), timeZone),
    quickRange: name,
  };
}

/** From the start of the first calendar day to the end of the second, in `timeZone` (days as 'YYYY-MM-DD'). */
export function dayRange(firstDay: string, lastDay: string, timeZone: string): TimeRange {
  const [start, end] = firstDay <= lastDay ? [firstDay, lastDay] : [lastDay, firstDay];
  return { from: startOfDayIn(start, timeZone), to: startOfDayIn(nextDay(end), timeZone) };
}

/** The calendar days a range covers in `timeZone`, first and last, as 'YYYY-MM-DD' (for a date picker). */
export function rangeDays(range: TimeRange, timeZone: string): [string, string] {
  return [dayIn(range.from, timeZone), dayIn(new Date(range.to.getTime() - 1), timeZone)];
}
