import type { StatisticsGranularity } from '@cbm/contracts/statistics';
import { localDays, nextDate } from '../battery-days/local-days';

export const HOUR_MS = 3_600_000;
export const QUARTER_HOUR_MS = 900_000;

/** The local days a range of instants touches, and the instants those days cover. */
export interface DayRange {
  timeZone: string;
  /** Local dates, inclusive. */
  firstDate: string;
  lastDate: string;
  /** Start of the first day and end of the last, epoch ms. */
  startMs: number;
  endMs: number;
}

/** `to` is exclusive: a range ending at local midnight does not touch the next day. */
export function dayRange(fromIso: string, toIso: string, timeZone: string): DayRange {
  const days = localDays(timeZone);
  const first = days.dayAt(Date.parse(fromIso));
  const last = days.dayAt(Date.parse(toIso) - 1);
  return { timeZone, firstDate: first.date, lastDate: last.date, startMs: first.start, endMs: last.end };
}

/**
 * Whether every day of the range starts on a multiple of `stepMs` in UTC (a full hour: hour rows add up to
 * its days; a quarter hour: their quarter parts do).
 */
export function startsOnGrid(range: DayRange, stepMs: number): boolean {
  const days = localDays(range.timeZone);
  for (let ms = range.startMs; ms < range.endMs; ) {
    const day = days.dayAt(ms);
    if (day.start % stepMs !== 0 || day.end % stepMs !== 0) return false;
    ms = day.end > ms ? day.end : ms + HOUR_MS;
  }
  return true;
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The first day of the period a local date belongs to: itself, its ISO week's Monday, its month's 1st. */
export function periodOf(date: string, granularity: StatisticsGranularity): string {
  if (granularity === 'day') return date;
  if (granularity === 'month') return `${date.slice(0, 8)}01`;
  return addDays(date, -((weekday(date) + 6) % 7));
}

/** Every period the range touches, by its first day, ascending. */
export function periodsOf(range: DayRange, granularity: StatisticsGranularity): string[] {
  const periods: string[] = [];
  for (let date = range.firstDate; date <= range.lastDate; date = nextDate(date)) {
    const period = periodOf(date, granularity);
    if (periods.at(-1) !== period) periods.push(period);
  }
  return periods;
}

/** The SQL expression of a date column's period; the same rule as periodOf. */
export function periodSql(column: string, granularity: StatisticsGranularity): string {
  if (granularity === 'day') return column;
  if (granularity === 'month') return `date_trunc('month', ${column})::date`;
  return `(${column} - (extract(isodow FROM ${column})::int - 1))`;
}
