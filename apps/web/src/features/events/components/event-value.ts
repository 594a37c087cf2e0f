import { DATE_FORMATS, type UiLanguage } from '@cbm/contracts/date-formats';
import type { EventAttribute, EventValue } from '@cbm/contracts/events';
import type { TFunction } from 'i18next';
import { dayjs } from '../../../components/time-range/zoned-dayjs';
import { formatDate } from '../../../lib/dates';
import { formatNumberText } from '../../../lib/number-text';

/** A cell's text: times to the second in the site's zone, numbers and dates in the UI language, values translated. */
export function eventValueText(
  attribute: EventAttribute | undefined,
  value: EventValue,
  context: { language: UiLanguage; timeZone: string; t: TFunction },
): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'number') return formatNumberText(value, context.language);
  if (typeof value === 'boolean') return String(value);
  switch (attribute?.kind) {
    case 'timestamp':
      return dayjs(value).tz(context.timeZone).format(`${DATE_FORMATS[context.language].dateTime}:ss`);
    case 'date':
      return formatDate(value, context.language);
    case 'enum':
      return context.t(`events.values.${attribute.name}.${value}`, { defaultValue: value });
    default:
      return value;
  }
}
