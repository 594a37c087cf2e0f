import { DATE_FORMATS, type UiLanguage } from '@cbm/contracts/date-formats';
import dayjs from 'dayjs';

type DateInput = Date | string | number;

/** DD.MM.YYYY in German, MM-DD-YYYY in English (spec §9). */
export const formatDate = (value: DateInput, language: UiLanguage) => dayjs(value).format(DATE_FORMATS[language].date);

/** DD.MM.YYYY HH:mm in German, MM-DD-YYYY HH:mm in English (spec §9). */
export const formatDateTime = (value: DateInput, language: UiLanguage) =>
  dayjs(value).format(DATE_FORMATS[language].dateTime);
