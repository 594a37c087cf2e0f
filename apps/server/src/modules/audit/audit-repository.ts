import type { AuditAction, AuditEntityType, AuditPage, AuditValue } from '@cbm/contracts/audit';
import type { Queryable } from '../../db/database';

/** Who did it: the signed-in user, or for a failed sign-in the account named (userId null when unknown). */
export interface AuditActor {
  userId: number | null;
  email: string;
}

export interface AuditRecord {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  /** The operating sites whose log shows the entry; none for a failed sign-in of an unknown account. */
  siteIds: readonly number[];
  /** Only the fields that changed, as they were and as they are now. */
  previous?: AuditValue;
  next?: AuditValue;
}

interface EntryRow {
  id: string;
  occurred_at: Date;
  actor: string;
  action: string;
  entity_type: string;
  entity_id: string;
  previous_value: Record<string, unknown> | null;
  new_value: Record<string, unknown> | null;
}

export function auditRepository(db: Queryable) {
  return {
    /**
     * Stores entries with the caller's queryable: pass the transaction of the change, so the entries are
     * stored exactly when the change is. One statement for any number of entries.
     */
    async record(actor: AuditActor, records: readonly AuditRecord[]): Promise<void> {
      if (records.length === 0) return;
      const rows = records.map((record) => ({
        user_id: actor.userId,
        actor: actor.email,
        action: record.action,
        entity_type: record.entityType,
        entity_id: record.entityId,
        previous_value: record.previous ?? null,
        new_value: record.next ?? null,
        site_ids: [...new Set(record.siteIds)],
      }));
      // Ids are drawn first so each entry's sites can be linked in the same statement.
      await db.query(
        `WITH input AS MATERIALIZED (
           SELECT nextval(pg_get_serial_sequence('audit_entry', 'id')) AS id, x.*
             FROM jsonb_to_recordset($1::jsonb) AS x(
               user_id integer, actor text, action text, entity_type text, entity_id text,
               previous_value jsonb, new_value jsonb, site_ids integer[])
         ), entries AS (
           INSERT INTO audit_entry (id, user_id, actor, action, entity_type, entity_id, previous_value, new_value)
           SELECT id, user_id, actor, action, entity_type, entity_id, previous_value, new_value FROM input
         )
         INSERT INTO audit_entry_site (operating_site_id, entry_id)
         SELECT site_id, input.id FROM input CROSS JOIN LATERAL unnest(input.site_ids) AS site_id`,
        [JSON.stringify(rows)],
      );
    },

    /** One page of a site's log, newest first. */
    async page(siteId: number, offset: number, limit: number): Promise<AuditPage> {
      const [rows, [count]] = await Promise.all([
        db.query<EntryRow>(
          `SELECT e.id::text AS id, e.occurred_at, e.actor, e.action, e.entity_type, e.entity_id,
                  e.previous_value, e.new_value
             FROM audit_entry_site s JOIN audit_entry e ON e.id = s.entry_id
            WHERE s.operating_site_id = $1
            ORDER BY s.entry_id DESC
            LIMIT $2 OFFSET $3`,
          [siteId, limit, offset],
        ),
        db.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM audit_entry_site WHERE operating_site_id = $1',
          [siteId],
        ),
      ]);
      return {
        totalCount: count?.count ?? 0,
        entries: rows.map((row) => ({
          id: row.id,
          occurredAt: new Date(row.occurred_at).toISOString(),
          actor: row.actor,
          action: row.action,
          entityType: row.entity_type,
          entityId: row.entity_id,
          previousValue: row.previous_value,
          newValue: row.new_value,
        })),
      };
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
