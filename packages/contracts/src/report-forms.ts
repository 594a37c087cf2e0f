import { z } from 'zod';
import { whenValid } from './field-rules';
import { checkPeriod, type ReportQuery, reportSettingsSchema } from './reports';
import { VALIDATION } from './validation-messages';

/** The file a form holds: a browser File, described by what the form checks (contracts know no DOM types). */
export interface FormFile {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}
const isFormFile = (value: unknown): value is FormFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FormFile).name === 'string' &&
  typeof (value as FormFile).size === 'number';
const fileSchema = z.custom<FormFile>(isFormFile);
const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Report select form (entity fields, validation rules): a battery serial or an uploaded CSV datalog. */
export const reportSelectFormSchema = z
  .object({ serial: z.string().trim(), csv: fileSchema.nullable() })
  .superRefine((form, ctx) => {
    if (form.serial === '' && form.csv === null) {
      ctx.addIssue({ code: 'custom', path: ['serial'], message: VALIDATION['serial-or-csv-file-required'] });
    }
  });
export type ReportSelectForm = z.input<typeof reportSelectFormSchema>;

export const REPORT_SETUP_TYPES = ['serial', 'csv'] as const;
export const REPORT_TYPES = ['pdf', 'csv'] as const;

type SetupType = (typeof REPORT_SETUP_TYPES)[number];

function checkBatterySerial(form: { setupType: SetupType; batterySerial: string }, ctx: z.RefinementCtx) {
  if (form.setupType === 'serial' && form.batterySerial === '') {
    ctx.addIssue({ code: 'custom', path: ['batterySerial'], message: VALIDATION.required });
  }
}

function checkTime(form: { setupType: SetupType; time: { from: Date; to: Date } | null }, ctx: z.RefinementCtx) {
  if (form.time === null) {
    if (form.setupType === 'serial') ctx.addIssue({ code: 'custom', path: ['time'], message: VALIDATION.required });
    return;
  }
  checkPeriod({ timestampMin: toSeconds(form.time.from), timestampMax: toSeconds(form.time.to) }, ctx, ['time']);
}

/**
 * Report settings form (entity fields, validation rules): time, timezone, language, operating site and price are
 * required;
 * the battery serial and a period only when the report is made from a serial (a CSV brings its own period).
 * A CSV report is only made from a serial: the uploaded CSV already is one. Every rule runs even when other
 * fields failed, so all messages show at once.
 */
export const reportSettingsFormSchema = reportSettingsSchema
  .extend({
    operatingSiteId: z
      .number({ error: () => VALIDATION.required })
      .int()
      .positive(),
    setupType: z.enum(REPORT_SETUP_TYPES),
    type: z.enum(REPORT_TYPES),
    batterySerial: z.string().trim(),
    time: z.object({ from: z.date(), to: z.date() }).nullable(),
  })
  .superRefine(checkBatterySerial, whenValid('setupType', 'batterySerial'))
  .superRefine(checkTime, whenValid('setupType', 'time'));
export type ReportSettingsFormInput = z.input<typeof reportSettingsFormSchema>;
export type ReportSettingsForm = z.output<typeof reportSettingsFormSchema>;

/** The generation query of a valid form (GET …/pdf and /csv; pdfFromCsv takes the same as fields). */
export function toReportQuery(form: ReportSettingsForm): Record<keyof ReportQuery, string> {
  return {
    operatingSiteId: String(form.operatingSiteId),
    vehicleId: form.vehicleId,
    userName: form.userName,
    chargerName: form.chargerName,
    language: form.language,
    timezone: form.timezone,
    currency: form.currency,
    pricePerKwh: String(form.pricePerKwh),
    timestampMin: form.time ? String(toSeconds(form.time.from)) : '',
    timestampMax: form.time ? String(toSeconds(form.time.to)) : '',
  };
}
