import type { ProfilePoint } from '@cbm/contracts/battery-profile';
import { BATTERY_STATES, type BatteryState } from '@cbm/contracts/device-protocol';
import { dayRange, type TimeRange } from '../../components/time-range/quick-range';
import { dayIn, dayjs } from '../../components/time-range/zoned-dayjs';

/** One row of the charts: the point's values, its time as text in the site's zone and its state as a level. */
export interface ProfileRow extends Omit<ProfilePoint, 'state'> {
  time: string;
  stateLevel: number | null;
}

/** The state band's levels, bottom to top. */
export const STATE_LEVELS: readonly BatteryState[] = BATTERY_STATES;

const TIME_FORMATS = { en: 'MM-DD HH:mm', de: 'DD.MM. HH:mm' } as const;

/** A chart's time axis label: month, day and time in the zone shown. */
export const chartTime = (ts: string, timeZone: string, language: 'en' | 'de') =>
  dayjs(ts).tz(timeZone).format(TIME_FORMATS[language]);

/** Chart rows for the points; empty buckets stay (with nulls) so that lines break where no data was stored. */
export function profileRows(points: readonly ProfilePoint[], timeZone: string, language: 'en' | 'de'): ProfileRow[] {
  return points.map(({ state, ...point }) => ({
    ...point,
    time: chartTime(point.ts, timeZone, language),
    stateLevel: state === null ? null : STATE_LEVELS.indexOf(state),
  }));
}

/** Whether any bucket of the range holds a sample. */
export const hasSamples = (points: readonly ProfilePoint[]) => points.some((point) => point.samples > 0);

/** The last `days` calendar days in the zone, today included: the range the page opens with. */
export function lastDays(days: number, timeZone: string, now: Date = new Date()): TimeRange {
  const first = dayIn(new Date(now.getTime() - (days - 1) * 24 * 60 * 60 * 1000), timeZone);
  return dayRange(first, dayIn(now, timeZone), timeZone);
}

/** How long one bucket is, as a count and unit for the texts ("5 minutes"). */
export function bucketDuration(seconds: number): { unit: 'seconds' | 'minutes' | 'hours'; count: number } {
  if (seconds < 120) return { unit: 'seconds', count: seconds };
  if (seconds < 2 * 3600) return { unit: 'minutes', count: Math.round(seconds / 60) };
  return { unit: 'hours', count: Math.round(seconds / 360) / 10 };
}
