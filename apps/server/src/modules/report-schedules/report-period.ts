import type { ReportScheduleCadence } from '@cbm/contracts/report-schedules';
import { localDays } from '../battery-days/local-days';
import { localPeriod, type ReportPeriod } from '../reports/report-local-date';

const DAY_MS = 86_400_000;
const utcDate = (date: string) => new Date(`${date}T00:00:00Z`);
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: string, days: number) => isoDate(new Date(utcDate(date).getTime() + days * DAY_MS));

/**
 * The last period that has closed at `nowMs` in the zone: weekly, Monday to Sunday before this week's Monday
 * 00:00; monthly, the month before this month's 1st. Local midnights come from the zone's calendar, so a week
 * across a clock change lasts 167 or 169 hours.
 */
export function lastClosedPeriod(cadence: ReportScheduleCadence, nowMs: number, timeZone: string): ReportPeriod {
  const today = localDays(timeZone).dayAt(nowMs).date;
  const { firstDate, end } = cadence === 'weekly' ? lastWeek(today) : lastMonth(today);
  return localPeriod(firstDate, addDays(end, -1), timeZone);
}

function lastWeek(today: string) {
  const sinceMonday = (utcDate(today).getUTCDay() + 6) % 7;
  const end = addDays(today, -sinceMonday);
  return { firstDate: addDays(end, -7), end };
}

function lastMonth(today: string) {
  const end = `${today.slice(0, 8)}01`;
  const first = utcDate(end);
  first.setUTCMonth(first.getUTCMonth() - 1);
  return { firstDate: isoDate(first), end };
}
