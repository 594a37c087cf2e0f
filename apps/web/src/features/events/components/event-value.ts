import type { UiLanguage } from '@cbm/contracts/date-formats';
import type { EventAttribute, EventValue } from '@cbm/contracts/events';
import type { TFunction } from 'i18next';
import { formatDate, formatDateTime } from '../../../lib/dates';
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
      return formatDateTime(value, context.language, context.timeZone, { seconds: true });
    case 'date':
      return formatDate(value, context.language);
    case 'enum':
      return context.t(`events.values.${attribute.name}.${value}`, { defaultValue: value });
    default:
      return value;
  }
}
