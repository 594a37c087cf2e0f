import type { ReportSchedule } from '@cbm/contracts/report-schedules';

/** The saved schedule in place of the one with its id, or appended. */
export function upsertSchedule(list: readonly ReportSchedule[] | undefined, saved: ReportSchedule): ReportSchedule[] {
  const schedules = list ?? [];
  return schedules.some((schedule) => schedule.id === saved.id)
    ? schedules.map((schedule) => (schedule.id === saved.id ? saved : schedule))
    : [...schedules, saved];
}

export const removeSchedule = (list: readonly ReportSchedule[] | undefined, id: number): ReportSchedule[] =>
  (list ?? []).filter((schedule) => schedule.id !== id);

/** The recipients' addresses, for the table, the labels of its buttons and the toasts. */
export const recipientList = (schedule: Pick<ReportSchedule, 'recipients'>) =>
  schedule.recipients.map((recipient) => recipient.email).join(', ');
