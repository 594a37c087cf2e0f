import type { AuditValue } from '@cbm/contracts/audit';
import type { UiLanguage } from '@cbm/contracts/date-formats';
import type { TFunction } from 'i18next';
import { formatDate } from '../../lib/dates';
import { i18n } from '../../lib/i18n';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// Stored values come back with their keys in jsonb's order; people read them in the form's order.
const FIELD_ORDER = [
  'name',
  'latitude',
  'longitude',
  'timezone',
  'currency',
  'pricePerKwh',
  'batteryPricePerKwh',
  'operatingSiteId',
  'operatingSiteName',
  'groupName',
  'eoLDate',
];
const rank = (field: string) => (FIELD_ORDER.includes(field) ? FIELD_ORDER.indexOf(field) : FIELD_ORDER.length);

/** Fields whose stored values are keys: the catalogues that name them, tried in order. */
const VALUE_NAMES: Record<string, readonly string[]> = {
  state: ['alarms.states'],
  status: ['batteryList.jobStatus', 'firmwareCampaigns.statuses'],
};

function formatValue(field: string, value: unknown, language: UiLanguage, t: TFunction): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return t(value ? 'audit.values.yes' : 'audit.values.no');
  const named = VALUE_NAMES[field]?.map((catalogue) => `${catalogue}.${value}`).find((key) => i18n.exists(key));
  if (named) return t(named);
  if (typeof value === 'number') return new Intl.NumberFormat(language, { maximumFractionDigits: 6 }).format(value);
  if (typeof value === 'string') return ISO_DATE.test(value) ? formatDate(value, language) : value;
  return JSON.stringify(value);
}

/**
 * An entry's value as lines "Field: value" in the UI language. A site's id is left out where its name
 * (as it was then) says the same.
 */
export function auditValueLines(value: AuditValue, language: UiLanguage, t: TFunction): string[] {
  if (!value) return [];
  return Object.entries(value)
    .filter(([field]) => !(field === 'operatingSiteId' && 'operatingSiteName' in value))
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(
      ([field, item]) =>
        `${t(`audit.fields.${field}`, { defaultValue: field })}: ${formatValue(field, item, language, t)}`,
    );
}
