export type DurationUnit = 'minutes' | 'hours' | 'days';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long since `since`, in the largest whole unit ('2 days', '5 hours', '3 minutes'); null without a time. */
export function elapsed(since: string | null, now = Date.now()): { unit: DurationUnit; count: number } | null {
  if (since === null) return null;
  const span = Math.max(0, now - Date.parse(since));
  if (span >= DAY) return { unit: 'days', count: Math.floor(span / DAY) };
  if (span >= HOUR) return { unit: 'hours', count: Math.floor(span / HOUR) };
  return { unit: 'minutes', count: Math.floor(span / MINUTE) };
}

/** The i18n key and count of 'offline for 2 days' (offlineFor.*) since the last data. */
export function offlineForText(lastData: string | null, now = Date.now()): [string, { count?: number }] {
  const span = elapsed(lastData, now);
  return span ? [`offlineFor.${span.unit}`, { count: span.count }] : ['offlineFor.unknown', {}];
}
