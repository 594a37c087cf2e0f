/** The cross-view test's calendar: local dates as YYYY-MM-DD, their periods and their midnights in a zone. */
export type Granularity = 'day' | 'week' | 'month';

export const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
export const addDays = (date: string, n: number) => new Date(dayMs(date) + n * 86_400_000).toISOString().slice(0, 10);
export const datesOf = ([first, last]: [string, string]) => {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
};
export const periodOf = (date: string, granularity: Granularity) => {
  if (granularity === 'day') return date;
  if (granularity === 'month') return `${date.slice(0, 8)}01`;
  return addDays(date, -((new Date(dayMs(date)).getUTCDay() + 6) % 7));
};
/** The instant local midnight of `date` is in the zone (the offset read back from Intl, twice for DST). */
export const midnight = (date: string, timeZone: string) => {
  const offsetAt = (ms: number) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(ms);
    const [, sign, hh, mm] =
      /GMT([+-])(\d\d):(\d\d)/.exec(parts.find((p) => p.type === 'timeZoneName')?.value ?? '') ?? [];
    return sign ? (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm)) * 60_000 : 0;
  };
  const guess = dayMs(date) - offsetAt(dayMs(date));
  return dayMs(date) - offsetAt(guess);
};
