import { z } from 'zod';
import { CURRENCIES, isKnownTimeZone, PRICE_PER_KWH_DECIMALS, PRICE_PER_KWH_MAX } from './admin';
import type { UiLanguage } from './date-formats';
import { isoDateRule, knownValueRule, numberRule, whenValid } from './field-rules';
import { operatingSiteIdSchema } from './sites';
import { VALIDATION } from './validation-messages';

/** Report languages (API calls, business constants): de becomes de_DE, everything else en_US. */
export const REPORT_LANGUAGES = ['de_DE', 'en_US'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];
export const reportLanguageOf = (language: string | undefined): ReportLanguage =>
  language?.toLowerCase().startsWith('de') ? 'de_DE' : 'en_US';
export const uiLanguageOfReport = (language: ReportLanguage): UiLanguage => (language === 'de_DE' ? 'de' : 'en');

export const REPORT_TEXT_MAX = 100;
/** A report covers at most this many days: a year of one battery's minute samples, with room for a leap year. */
export const REPORT_MAX_DAYS = 367;
/**
 * Largest datalog CSV pdfFromCsv accepts: a year of minute samples is about 90 MB, and a downloaded year must go
 * back in (decision 015). It is streamed through the parser, never held whole (decision 024).
 */
export const REPORT_CSV_MAX_BYTES = 128 * 1024 * 1024;
/** Most samples a datalog may hold: one a minute over the longest report. */
export const REPORT_CSV_MAX_ROWS = REPORT_MAX_DAYS * 24 * 60;
/** Longest value of a datalog line (a number is at most 25 characters as JavaScript writes it). */
export const REPORT_CSV_MAX_CELL = REPORT_TEXT_MAX;
export const REPORT_CSV_FIELD = 'cSVFile';
// Unix seconds of 2000-01-01 and 2200-01-01.
const TIMESTAMP_MIN = 946_684_800;
const TIMESTAMP_MAX = 7_258_118_400;

/** Strings from a query or a form field become numbers; '' and blanks count as missing. */
const fromText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? undefined : Number(value.trim());
};
const numberField = (limits: Parameters<typeof numberRule>[0]) => z.preprocess(fromText, numberRule(limits));
const optionalText = z.string().trim().max(REPORT_TEXT_MAX).default('');
const currencySet = new Set(CURRENCIES);

export const pricePerKwhRule = numberField({ min: 0, max: PRICE_PER_KWH_MAX, decimals: PRICE_PER_KWH_DECIMALS });
export const reportTimestampRule = numberField({ min: TIMESTAMP_MIN, max: TIMESTAMP_MAX, decimals: 0 });

/** The settings every report takes (entity fields report parameters), shared by the form and the server. */
export const reportSettingsSchema = z.object({
  vehicleId: optionalText,
  userName: optionalText,
  chargerName: optionalText,
  language: z.enum(REPORT_LANGUAGES, { error: () => VALIDATION.required }),
  timezone: knownValueRule(isKnownTimeZone, VALIDATION.unknownTimeZone),
  currency: knownValueRule((code) => currencySet.has(code), VALIDATION.unknownCurrency),
  pricePerKwh: pricePerKwhRule,
});
export type ReportSettings = z.infer<typeof reportSettingsSchema>;

interface Period {
  timestampMin?: number;
  timestampMax?: number;
}

/** Start not in the future, end after start, at most REPORT_MAX_DAYS; the issue goes to timestampMax. */
export function checkPeriod({ timestampMin, timestampMax }: Period, ctx: z.RefinementCtx, path = ['timestampMax']) {
  if (timestampMin === undefined || timestampMax === undefined) return;
  if (timestampMin * 1000 > Date.now()) ctx.addIssue({ code: 'custom', path, message: VALIDATION.rangeInFuture });
  else if (timestampMax <= timestampMin) ctx.addIssue({ code: 'custom', path, message: VALIDATION.rangeOrder });
  else if (timestampMax - timestampMin > REPORT_MAX_DAYS * 86_400) {
    ctx.addIssue({ code: 'custom', path, message: VALIDATION.rangeTooLong, params: { n: REPORT_MAX_DAYS } });
  }
}

/** Query of GET …/Report/{serial}/pdf and /csv; the period is [timestampMin, timestampMax) in unix seconds. */
export const reportQuerySchema = reportSettingsSchema
  .extend({
    operatingSiteId: operatingSiteIdSchema,
    timestampMin: reportTimestampRule,
    timestampMax: reportTimestampRule,
  })
  .superRefine((query, ctx) => checkPeriod(query, ctx));
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/**
 * Text fields of POST …/Report/pdfFromCsv beside the file; operatingSiteId stays in the query so that
 * access is checked before the upload is read. Without a period the report covers the whole file.
 */
export const reportCsvFieldsSchema = reportSettingsSchema
  .extend({ timestampMin: reportTimestampRule.optional(), timestampMax: reportTimestampRule.optional() })
  .superRefine((fields, ctx) => checkPeriod(fields, ctx));
export type ReportCsvFields = z.infer<typeof reportCsvFieldsSchema>;

export const reportSiteQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });
export const reportSerialParamsSchema = z.object({ serial: z.string().trim().min(1).max(100) });

/** Zones run at most 14 h ahead of UTC: no site's today is later than the UTC date 14 h from now. */
const latestToday = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
const daysBetween = (first: string, last: string) => (Date.parse(last) - Date.parse(first)) / 86_400_000;

/**
 * Query of GET …/battery/FleetReport/pdf: the site's fleet report (the one the scheduled mail sends) of the site's
 * local dates firstDate to lastDate, both inclusive, at most REPORT_MAX_DAYS days, not starting in the future.
 */
export const fleetReportQuerySchema = z
  .object({ operatingSiteId: operatingSiteIdSchema, firstDate: isoDateRule, lastDate: isoDateRule })
  .superRefine(
    ({ firstDate, lastDate }, ctx) => {
      if (firstDate > latestToday()) {
        ctx.addIssue({ code: 'custom', path: ['firstDate'], message: VALIDATION.rangeInFuture });
      } else if (lastDate < firstDate) {
        ctx.addIssue({ code: 'custom', path: ['lastDate'], message: VALIDATION.rangeOrder });
      } else if (daysBetween(firstDate, lastDate) + 1 > REPORT_MAX_DAYS) {
        const params = { n: REPORT_MAX_DAYS };
        ctx.addIssue({ code: 'custom', path: ['lastDate'], message: VALIDATION.rangeTooLong, params });
      }
    },
    whenValid('firstDate', 'lastDate'),
  );
export type FleetReportQuery = z.infer<typeof fleetReportQuerySchema>;

export const reportBatterySchema = z.object({ batterySerialNumber: z.string(), batteryName: z.string() });
export const reportBatteriesSchema = z.array(reportBatterySchema);
export type ReportBattery = z.infer<typeof reportBatterySchema>;

/**
 * Report setup defaults (entity fields): the site's currency, price and zone; timestampMin/Max (unix seconds)
 * span the battery's stored samples, null when it has none or no battery was named.
 */
export const reportDefaultsSchema = z.object({
  currency: z.string(),
  pricePerKwh: z.number(),
  timezone: z.string(),
  timestampMin: z.number().int().nullable(),
  timestampMax: z.number().int().nullable(),
});
export type ReportDefaults = z.infer<typeof reportDefaultsSchema>;

/** The datalog CSV (docs/reports.md): this header line, ',' separated, '.' decimals, ISO UTC timestamps. */
export const REPORT_CSV_COLUMNS = [
  'serialNumber',
  'timestamp',
  'state',
  'soc',
  'soh',
  'stackVoltage',
  'current',
  'minCellVoltage',
  'maxCellVoltage',
  'minCellTemperature',
  'maxCellTemperature',
  'boardTemperature',
  'chargerSerial',
  'totalEnergyChargedKwh',
  'totalEnergyDischargedKwh',
  'totalChargingHours',
  'totalDischargingHours',
  'totalStandbyHours',
] as const;
export type ReportCsvColumn = (typeof REPORT_CSV_COLUMNS)[number];
/** Most characters in the values of one datalog line: every value at its longest. */
export const REPORT_CSV_MAX_LINE = REPORT_CSV_COLUMNS.length * REPORT_CSV_MAX_CELL;

export type ReportFileType = 'pdf' | 'csv';

/** report-<serial>-<from>-<to>.<type>, dates as YYYY-MM-DD in the report's zone, the serial made file-safe. */
export function reportFileName(serial: string, fromDate: string, toDate: string, type: ReportFileType): string {
  const safe = serial.replace(/[^A-Za-z0-9_-]+/g, '_') || 'battery';
  return `report-${safe}-${fromDate}-${toDate}.${type}`;
}
