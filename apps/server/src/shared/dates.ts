import { DATE_FORMATS, type UiLanguage } from '@cbm/contracts/date-formats';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

/**
 * Dates in the language's formats (DATE_FORMATS, dayjs tokens), written by dayjs as the web app writes them.
 * The zone's offset at an instant comes from one cached Intl formatter per zone: dayjs's timezone plugin builds
 * a new Intl formatter on every `tz()` call, about nine times slower (measured), too slow for a CSV of
 * 99,999 batteries.
 */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetMinutes(ms: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value ?? '';
  // 'GMT' in UTC itself, otherwise 'GMT+05:30' or 'GMT-03:00'.
  const match = /^GMT([+-])(\d\d):(\d\d)/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

type Instant = Date | number | string;

function inZone(instant: Instant, timeZone: string) {
  const ms = new Date(instant).getTime();
  return dayjs.utc(ms).utcOffset(offsetMinutes(ms, timeZone));
}

/**
 * An instant's local date and time in the zone, e.g. 21.11.2026 10:05 (de) or 11-21-2026 10:05 (en); with
 * `seconds` to the second as the web app writes an event's moment (21.11.2026 10:05:07).
 */
export const formatZonedDateTime = (
  instant: Instant,
  timeZone: string,
  language: UiLanguage,
  options: { seconds?: boolean } = {},
): string => inZone(instant, timeZone).format(`${DATE_FORMATS[language].dateTime}${options.seconds ? ':ss' : ''}`);

/** An instant's local date in the zone, e.g. 21.11.2026 (de) or 11-21-2026 (en). */
export const formatZonedDate = (instant: Instant, timeZone: string, language: UiLanguage): string =>
  inZone(instant, timeZone).format(DATE_FORMATS[language].date);

/** A local date (YYYY-MM-DD) in the language's format. */
export const formatLocalDate = (date: string, language: UiLanguage): string =>
  dayjs.utc(date).format(DATE_FORMATS[language].date);
