import type { AuditAction, AuditValue } from '@cbm/contracts/audit';
import type { ReportSchedule } from '@cbm/contracts/report-schedules';
import type { Queryable } from '../../db/database';
import { auditRepository } from '../audit/audit-repository';

type Audited = Pick<ReportSchedule, 'kind' | 'cadence' | 'batterySerials' | 'recipients'>;
const FIELDS = ['kind', 'cadence', 'batterySerials', 'recipients'] as const;

/** The schedule's fields as the audit log shows them: recipients as "address (language)". */
function auditValue(schedule: Audited): Record<(typeof FIELDS)[number], unknown> {
  return {
    kind: schedule.kind,
    cadence: schedule.cadence,
    batterySerials: schedule.batterySerials.join(', '),
    recipients: schedule.recipients.map((recipient) => `${recipient.email} (${recipient.language})`).join(', '),
  };
}

/** Only the fields that changed, before and after (a creation or deletion: all of them). */
export function changedFields(change: { previous?: Audited; next?: Audited }): {
  previous?: AuditValue;
  next?: AuditValue;
} {
  const before = change.previous && auditValue(change.previous);
  const after = change.next && auditValue(change.next);
  if (!before || !after) return { previous: before, next: after };
  const changed = FIELDS.filter((field) => before[field] !== after[field]);
  const pick = (value: Record<string, unknown>) => Object.fromEntries(changed.map((field) => [field, value[field]]));
  return { previous: pick(before), next: pick(after) };
}

/** Records a change of a scheduled report in the audit log, at its site, in the change's transaction. */
export const recordScheduleChange = (
  tx: Queryable,
  user: { id: number; email: string },
  action: AuditAction,
  schedule: ReportSchedule,
  change: { previous?: Audited; next?: Audited },
) =>
  auditRepository(tx).record({ userId: user.id, email: user.email }, [
    {
      action,
      entityType: 'reportSchedule',
      entityId: String(schedule.id),
      siteIds: [schedule.operatingSiteId],
      ...changedFields(change),
    },
  ]);
