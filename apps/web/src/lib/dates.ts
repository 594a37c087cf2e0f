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

/** The same, as the clock shows it in the given time zone (an operating site's) rather than the browser's. */
export const formatDateTimeIn = (value: DateInput, language: UiLanguage, timeZone: string) =>
  dayjs(value).tz(timeZone).format(DATE_FORMATS[language].dateTime);

/** Today as YYYY-MM-DD on the calendar of the time zone (an operating site's). */
export const todayIn = (timeZone: string, now: DateInput = Date.now()) => dayjs(now).tz(timeZone).format('YYYY-MM-DD');
