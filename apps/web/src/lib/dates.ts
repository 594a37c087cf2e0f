import { DATE_FORMATS, type UiLanguage } from '@cbm/contracts/date-formats';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

type DateInput = Date | string | number;

/** DD.MM.YYYY in German, MM-DD-YYYY in English (business constants). */
export const formatDate = (value: DateInput, language: UiLanguage) => dayjs(value).format(DATE_FORMATS[language].date);

/** DD.MM.YYYY HH:mm in German, MM-DD-YYYY HH:mm in English (business constants). */
export const formatDateTime = (value: DateInput, language: UiLanguage) =>
  dayjs(value).format(DATE_FORMATS[language].dateTime);

const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone: dayjs's tz() builds the zone's parts twice per call, and a list shows hundreds. */
function zoneClock(timeZone: string) {
  let clock = zoneClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoneClocks.set(timeZone, clock);
  }
  return clock;
}

/** The same, as the clock shows it in the given time zone (an operating site's) rather than the browser's. */
export function formatDateTimeIn(value: DateInput, language: UiLanguage, timeZone: string) {
  const parts = new Map(
    zoneClock(timeZone)
      .formatToParts(new Date(value))
      .map((part) => [part.type, part.value]),
  );
  return DATE_FORMATS[language].dateTime
    .replace('YYYY', parts.get('year') ?? '')
    .replace('MM', parts.get('month') ?? '')
    .replace('DD', parts.get('day') ?? '')
    .replace('HH', parts.get('hour') ?? '')
    .replace('mm', parts.get('minute') ?? '');
}

/** Today as YYYY-MM-DD on the calendar of the time zone (an operating site's). */
export const todayIn = (timeZone: string, now: DateInput = Date.now()) => dayjs(now).tz(timeZone).format('YYYY-MM-DD');
