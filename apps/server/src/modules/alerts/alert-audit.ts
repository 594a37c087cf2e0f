import type { AuditAction } from '@cbm/contracts/audit';
import type { Queryable } from '../../db/database';
import { auditRepository } from '../audit/audit-repository';

/** Records a change of an alert rule (event or threshold rule) in the audit log, at the rule's site. */
export const recordAlertChange = (
  tx: Queryable,
  user: { id: number; email: string },
  action: AuditAction,
  siteId: number,
  id: number,
  change: { previous?: object; next?: object },
) =>
  auditRepository(tx).record({ userId: user.id, email: user.email }, [
    {
      action,
      entityType: 'alert',
      entityId: String(id),
      siteIds: [siteId],
      previous: change.previous as Record<string, unknown> | undefined,
      next: change.next as Record<string, unknown> | undefined,
    },
  ]);
