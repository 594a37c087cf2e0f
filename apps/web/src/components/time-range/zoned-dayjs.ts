import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/de';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(isoWeek);

/** dayjs with the plugins time ranges need: calendar arithmetic in an IANA time zone, ISO weeks (Monday first). */
export { dayjs };

/** The instant a calendar day ('YYYY-MM-DD') begins in a time zone. */
export const startOfDayIn = (day: string, timeZone: string): Date => dayjs.tz(day, timeZone).toDate();

/** The calendar day ('YYYY-MM-DD') an instant falls on in a time zone. */
export const dayIn = (instant: Date, timeZone: string): string => dayjs(instant).tz(timeZone).format('YYYY-MM-DD');

/** The day after a calendar day ('YYYY-MM-DD'), independent of time zones. */
export const nextDay = (day: string): string => dayjs.utc(day).add(1, 'day').format('YYYY-MM-DD');
