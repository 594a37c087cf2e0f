import { type LocalDay, type LocalDays, localDays } from '../battery-days/local-days';

/** The local calendar date (YYYY-MM-DD) of an instant in a time zone. */
export const localDate = (ms: number, timeZone: string) => localDays(timeZone).dayAt(ms).date;

/** A report period: local dates (last inclusive) and the instants [fromMs, toMs) they cover. */
export interface ReportPeriod {
  firstDate: string;
  lastDate: string;
  fromMs: number;
  toMs: number;
}

/** The zone's day of a local date, from the UTC day of that date (at most one day away). */
function dayOf(days: LocalDays, date: string): LocalDay {
  let day = days.dayAt(Date.parse(`${date}T00:00:00Z`));
  while (day.date < date) day = days.dayAt(day.end);
  while (day.date > date) day = days.dayAt(day.start - 1);
  return day;
}

/**
 * The period of the local dates in the zone: from the first's midnight to the midnight after the last, from the
 * zone's calendar (a week across a clock change lasts 167 or 169 hours).
 */
export function localPeriod(firstDate: string, lastDate: string, timeZone: string): ReportPeriod {
  const days = localDays(timeZone);
  return { firstDate, lastDate, fromMs: dayOf(days, firstDate).start, toMs: dayOf(days, lastDate).end };
}
