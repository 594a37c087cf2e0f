import type { UiLanguage } from '@cbm/contracts/date-formats';
import {
  type ReportSchedule,
  type ReportScheduleCadence,
  type ReportScheduleKind,
  type ReportScheduleLanguage,
  reportScheduleBodySchema,
} from '@cbm/contracts/report-schedules';
import type { TFunction } from 'i18next';
import { fieldErrors } from '../../lib/validation-errors';

export interface RecipientRow {
  email: string;
  language: ReportScheduleLanguage;
}

/** What the schedule form edits. */
export interface ScheduleFormState {
  kind: ReportScheduleKind;
  batterySerials: string[];
  cadence: ReportScheduleCadence;
  recipients: RecipientRow[];
}

/** A new schedule: a weekly fleet report, one empty recipient row in the UI language. */
export function initialScheduleState(language: UiLanguage, schedule?: ReportSchedule): ScheduleFormState {
  return {
    kind: schedule?.kind ?? 'fleet',
    batterySerials: schedule?.batterySerials ?? [],
    cadence: schedule?.cadence ?? 'weekly',
    recipients: schedule?.recipients.map((recipient) => ({ ...recipient })) ?? [{ email: '', language }],
  };
}

/**
 * The form checked with the server's schema: a fleet report sends no serials; blank recipient rows are left out,
 * so none at all reads "E-Mail is required". Errors per field, a recipient's as `recipients.<n>`.
 */
export function validateScheduleForm(siteId: number, state: ScheduleFormState, t: TFunction) {
  const values = {
    operatingSiteId: siteId,
    kind: state.kind,
    batterySerials: state.kind === 'battery' ? state.batterySerials : [],
    cadence: state.cadence,
    recipients: state.recipients.filter((recipient) => recipient.email.trim() !== ''),
  };
  const parsed = reportScheduleBodySchema.safeParse(values);
  if (parsed.success) return { body: parsed.data, errors: {} as Record<string, string> };
  const ofRow = (issue: (typeof parsed.error.issues)[number]) =>
    issue.path[0] === 'recipients' && typeof issue.path[1] === 'number';
  const errors = fieldErrors(
    parsed.error.issues.filter((issue) => !ofRow(issue)),
    t,
  );
  const rowIssues = parsed.error.issues.filter(ofRow).map((issue) => {
    const row = state.recipients.indexOf(values.recipients[issue.path[1] as number] as RecipientRow);
    return { ...issue, path: [`recipients.${row}`] };
  });
  Object.assign(errors, fieldErrors(rowIssues, t));
  return { body: undefined, errors };
}
