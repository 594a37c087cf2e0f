import { DATE_FORMATS, type UiLanguage } from '@cbm/contracts/date-formats';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

type DateInput = Date | string | number;

/** DD.MM.YYYY in German, MM-DD-YYYY in English (business constants); for calendar dates without a time. */
export const formatDate = (value: DateInput, language: UiLanguage) => dayjs(value).format(DATE_FORMATS[language].date);

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
      second: '2-digit',
      hourCycle: 'h23',
    });
    zoneClocks.set(timeZone, clock);
  }
  return clock;
}

/**
 * The one way a moment is shown: DD.MM.YYYY HH:mm in German, MM-DD-YYYY HH:mm in English (business constants),
 * as the clocks of `timeZone` show it (the zone `useClockZone` names, decision 084), never the browser's by accident.
 */
export function formatDateTime(
  value: DateInput,
  language: UiLanguage,
  timeZone: string,
  options: { seconds?: boolean } = {},
) {
  const parts = new Map(
    zoneClock(timeZone)
      .formatToParts(new Date(value))
      .map((part) => [part.type, part.value]),
  );
  const text = DATE_FORMATS[language].dateTime
    .replace('YYYY', parts.get('year') ?? '')
    .replace('MM', parts.get('month') ?? '')
    .replace('DD', parts.get('day') ?? '')
    .replace('HH', parts.get('hour') ?? '')
    .replace('mm', parts.get('minute') ?? '');
  return options.seconds ? `${text}:${parts.get('second') ?? ''}` : text;
}

/** The zone as a reader recognises it: its name and, where it has one, its abbreviation at `at` ("Europe/Berlin (MESZ)"). */
export function zoneLabel(timeZone: string, language: UiLanguage, at: DateInput = Date.now()) {
  const short = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(at))
    .find((part) => part.type === 'timeZoneName')?.value;
  return short && short !== timeZone ? `${timeZone} (${short})` : timeZone;
}

/** The zone the browser's clock is in. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Today as YYYY-MM-DD on the calendar of the time zone (an operating site's). */
export const todayIn = (timeZone: string, now: DateInput = Date.now()) => dayjs(now).tz(timeZone).format('YYYY-MM-DD');
