import type { UiLanguage } from '@cbm/contracts/date-formats';
import { reportSettingsFormSchema } from '@cbm/contracts/report-forms';
import { type ReportDefaults, type ReportLanguage, reportLanguageOf } from '@cbm/contracts/reports';
import { dayRange, type TimeRange } from '../../components/time-range/quick-range';
import { dayIn, dayjs } from '../../components/time-range/zoned-dayjs';
import { formatNumberText, parseNumberText } from '../../lib/number-text';

/** What the settings form holds: texts as typed, the price with the UI's decimal separator. */
export interface ReportSettingsValues {
  time: TimeRange | null;
  vehicleId: string;
  userName: string;
  chargerName: string;
  timezone: string;
  language: ReportLanguage;
  currency: string;
  pricePerKwh: string;
  type: 'pdf' | 'csv';
}

export interface ReportSetupContext {
  defaults: ReportDefaults;
  serial: string;
  batteryName: string;
  userName: string;
  uiLanguage: UiLanguage;
  now?: Date;
}

const DEFAULT_DAYS = 7;

/**
 * Prefilled per business constants: vehicle id from the battery name, creator from the user name, language from the UI
 * (de → de_DE, else en_US). A battery's period is its last 7 whole days with data (decision 035); a CSV covers
 * the whole file.
 */
export function initialValues({ defaults, serial, batteryName, userName, uiLanguage, now }: ReportSetupContext) {
  const values: ReportSettingsValues = {
    time: serial ? lastDays(defaults, now) : null,
    vehicleId: batteryName,
    userName,
    chargerName: '',
    timezone: defaults.timezone,
    language: reportLanguageOf(uiLanguage),
    currency: defaults.currency,
    pricePerKwh: formatNumberText(defaults.pricePerKwh, uiLanguage),
    type: 'pdf',
  };
  return values;
}

/** Up to DEFAULT_DAYS days ending with the last finished day with data; today only when all data is from today. */
function lastDays({ timestampMin, timestampMax, timezone }: ReportDefaults, now = new Date()): TimeRange | null {
  if (timestampMin === null || timestampMax === null) return null;
  const lastDataDay = dayIn(new Date(timestampMax * 1000 - 1), timezone);
  const yesterday = dayjs.utc(dayIn(now, timezone)).subtract(1, 'day').format('YYYY-MM-DD');
  const firstWithData = dayIn(new Date(timestampMin * 1000), timezone);
  const lastDay = lastDataDay < yesterday ? lastDataDay : yesterday;
  if (firstWithData > lastDay) return dayRange(firstWithData, lastDataDay, timezone);
  const weekBefore = dayjs
    .utc(lastDay)
    .subtract(DEFAULT_DAYS - 1, 'day')
    .format('YYYY-MM-DD');
  return dayRange(firstWithData > weekBefore ? firstWithData : weekBefore, lastDay, timezone);
}

/** The form checked with the shared schema (validation rules); the price accepts a decimal comma. */
export function parseSettings(values: ReportSettingsValues, context: { serial: string; operatingSiteId: number }) {
  return reportSettingsFormSchema.safeParse({
    ...values,
    time: values.time ? { from: values.time.from, to: values.time.to } : null,
    pricePerKwh: parseNumberText(values.pricePerKwh),
    operatingSiteId: context.operatingSiteId,
    setupType: context.serial ? 'serial' : 'csv',
    batterySerial: context.serial,
    type: context.serial ? values.type : 'pdf',
  });
}
