import { z } from 'zod';
import { ALERT_EMAILS_MAX, ALERT_SELECTION_MAX, alertEmailSchema } from './alerts';
import { whenValid } from './field-rules';
import { operatingSiteIdSchema } from './sites';
import { VALIDATION } from './validation-messages';

/** A fleet report covers every battery of the site; a battery report the chosen serials (one PDF each). */
export const REPORT_SCHEDULE_KINDS = ['fleet', 'battery'] as const;
export type ReportScheduleKind = (typeof REPORT_SCHEDULE_KINDS)[number];
/** Weekly: Monday to Sunday; monthly: the calendar month; both in the site's time zone. */
export const REPORT_SCHEDULE_CADENCES = ['weekly', 'monthly'] as const;
export type ReportScheduleCadence = (typeof REPORT_SCHEDULE_CADENCES)[number];
export const REPORT_SCHEDULE_LANGUAGES = ['en', 'de'] as const;
export type ReportScheduleLanguage = (typeof REPORT_SCHEDULE_LANGUAGES)[number];

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

export const reportScheduleRecipientSchema = z.object({
  email: alertEmailSchema,
  language: z.enum(REPORT_SCHEDULE_LANGUAGES, { error: () => VALIDATION.reportScheduleLanguageRequired }),
});
export type ReportScheduleRecipient = z.infer<typeof reportScheduleRecipientSchema>;

const recipientsSchema = z
  .array(reportScheduleRecipientSchema, {
    error: (issue) => (isMissing(issue.input) ? VALIDATION.alertEmailRequired : undefined),
  })
  .min(1, VALIDATION.alertEmailRequired)
  .max(ALERT_EMAILS_MAX)
  .refine(
    (recipients) => new Set(recipients.map((recipient) => recipient.email)).size === recipients.length,
    VALIDATION.duplicates,
  );

/** A battery report needs serials, a fleet report takes none (it covers the whole site). */
const checkSerials = (
  schedule: { kind: ReportScheduleKind; batterySerials: readonly string[] },
  ctx: z.RefinementCtx,
) => {
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['batterySerials'], message });
  if (schedule.kind === 'battery' && schedule.batterySerials.length === 0) issue(VALIDATION.alertSerialsRequired);
  if (schedule.kind === 'fleet' && schedule.batterySerials.length > 0) issue(VALIDATION.reportScheduleFleetSerials);
};

/**
 * POST and PUT …/Report/Schedule, validated by the web form and the server alike with the alert form's
 * messages (e-mail required and valid, battery serials required, organisation required).
 */
export const reportScheduleBodySchema = z
  .object({
    operatingSiteId: z
      .number({ error: () => VALIDATION.alertOrganizationRequired })
      .int()
      .positive()
      .max(2_147_483_647),
    kind: z.enum(REPORT_SCHEDULE_KINDS, { error: () => VALIDATION.reportScheduleKindRequired }),
    batterySerials: z
      .array(z.string().trim().min(1).max(100), { error: () => VALIDATION.alertSerialsRequired })
      .max(ALERT_SELECTION_MAX)
      .refine((serials) => new Set(serials).size === serials.length, VALIDATION.duplicates)
      .default([]),
    cadence: z.enum(REPORT_SCHEDULE_CADENCES, { error: () => VALIDATION.reportScheduleCadenceRequired }),
    recipients: recipientsSchema,
  })
  .superRefine(checkSerials, whenValid('kind', 'batterySerials'));
export type ReportScheduleBody = z.output<typeof reportScheduleBodySchema>;
export type ReportScheduleFormValues = z.input<typeof reportScheduleBodySchema>;

export const reportScheduleSchema = z.object({
  id: z.number().int(),
  operatingSiteId: z.number().int(),
  kind: z.enum(REPORT_SCHEDULE_KINDS),
  batterySerials: z.array(z.string()),
  cadence: z.enum(REPORT_SCHEDULE_CADENCES),
  recipients: z.array(reportScheduleRecipientSchema),
  /** E-mail address of who created it, as it was then. */
  createdBy: z.string(),
  /** First local date (YYYY-MM-DD) of the last period mailed; null before the first mail. */
  lastSentPeriod: z.string().nullable(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;
export const reportSchedulesSchema = z.array(reportScheduleSchema);

export const reportScheduleQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });
export const reportScheduleParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
