import { localDays } from '../battery-days/local-days';

/** The local calendar date (YYYY-MM-DD) of an instant in a time zone. */
export const localDate = (ms: number, timeZone: string) => localDays(timeZone).dayAt(ms).date;
