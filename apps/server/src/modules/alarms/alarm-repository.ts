import type { Alarm, AlarmCondition, AlarmState } from '@cbm/contracts/alarms';
import { ALARM_LIST_MAX } from '@cbm/contracts/alarms';
import type { Queryable } from '../../db/database';
import type { Language } from '../../i18n/messages';
import type { AlarmRef } from './alarm-changes';
import { describeCondition } from './alarm-text';

/** An alarm as a rule opens it. */
export interface NewAlarm {
  alertId: number;
  ruleName: string;
  kind: Alarm['kind'];
  product: Alarm['product'];
  operatingSiteId: number;
  serialNumber: string;
  deviceName: string;
  type: string;
  code: string;
  description: string;
  /** The threshold or silence condition it opened under; null for event alarms. */
  condition: AlarmCondition | null;
  value: number | null;
  openedAt: Date;
  /** Set when the alarm cleared within the batch that opened it: it is stored cleared. */
  clearedAt?: Date;
}

/** A rule and a device it watches. */
export interface RuleDevice {
  alertId: number;
  serialNumber: string;
}

/** An open alarm of a rule at a device. */
export interface OpenAlarm extends AlarmRef {
  alertId: number;
  serialNumber: string;
  code: string;
}

export type OpenedAlarm = NewAlarm & { id: number };

const REF_COLUMNS = 'id::int, operating_site_id AS "operatingSiteId", product';
const OPEN_COLUMNS = `${REF_COLUMNS}, alert_id AS "alertId", serial_number AS "serialNumber", code`;

const ALARM_COLUMNS = `a.id::int AS id, a.rule_name AS "ruleName", a.kind, a.product, a.operating_site_id AS "operatingSiteId",
  n.name AS "siteName", a.serial_number AS "serialNumber", a.device_name AS "deviceName", a.type, a.code,
  a.description, a.value, a.condition,
  CASE WHEN a.cleared_at IS NOT NULL THEN 'cleared' WHEN a.acknowledged_at IS NOT NULL THEN 'acknowledged'
       ELSE 'open' END AS state,
  a.opened_at AS "openedAt", a.acknowledged_at AS "acknowledgedAt", a.acknowledged_by_email AS "acknowledgedBy",
  a.ack_comment AS comment, a.cleared_at AS "clearedAt"`;

type AlarmRow = Omit<Alarm, 'openedAt' | 'acknowledgedAt' | 'clearedAt'> & {
  openedAt: Date;
  acknowledgedAt: Date | null;
  clearedAt: Date | null;
  condition: AlarmCondition | null;
};

/** The row as the API answers it, a threshold or silence alarm's text in the reader's language. */
const toAlarm =
  (language: Language) =>
  ({ condition, ...row }: AlarmRow): Alarm => ({
    ...row,
    description: condition ? describeCondition(language, condition, row.value) : row.description,
    state: row.state as AlarmState,
    openedAt: row.openedAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    clearedAt: row.clearedAt?.toISOString() ?? null,
  });

/** The alarms' SQL: opened and cleared in the storing transaction, listed and acknowledged by operators. */
export function alarmRepository(db: Queryable) {
  return {
    /**
     * Opens the alarms that are not open yet (one per rule, device and code while open) and stores those that
     * cleared within their batch as cleared; answers those stored.
     */
    async open(alarms: readonly NewAlarm[]): Promise<OpenedAlarm[]> {
      if (alarms.length === 0) return [];
      const rows = await db.query<OpenAlarm & { openedAt: Date }>(
        `INSERT INTO alarm (alert_id, rule_name, kind, product, operating_site_id, serial_number, device_name, type,
                            code, description, value, opened_at, cleared_at, condition)
         SELECT k, n, kd, p, s, sn, dn, ty, c, d, v, o, cl, cond::jsonb
           FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[],
                       $8::text[], $9::text[], $10::text[], $11::float8[], $12::timestamptz[], $13::timestamptz[],
                       $14::text[])
                AS u(k, n, kd, p, s, sn, dn, ty, c, d, v, o, cl, cond)
         ON CONFLICT (alert_id, serial_number, code) WHERE cleared_at IS NULL DO NOTHING
         RETURNING ${OPEN_COLUMNS}, opened_at AS "openedAt"`,
        [
          alarms.map((a) => a.alertId),
          alarms.map((a) => a.ruleName),
          alarms.map((a) => a.kind),
          alarms.map((a) => a.product),
          alarms.map((a) => a.operatingSiteId),
          alarms.map((a) => a.serialNumber),
          alarms.map((a) => a.deviceName),
          alarms.map((a) => a.type),
          alarms.map((a) => a.code),
          alarms.map((a) => a.description),
          alarms.map((a) => a.value),
          alarms.map((a) => a.openedAt),
          alarms.map((a) => a.clearedAt ?? null),
          alarms.map((a) => (a.condition ? JSON.stringify(a.condition) : null)),
        ],
      );
      const key = (a: Omit<OpenAlarm, 'id' | 'operatingSiteId' | 'product'> & { openedAt: Date }) =>
        `${a.alertId}|${a.serialNumber}|${a.code}|${a.openedAt.getTime()}`;
      const opened = new Map(rows.map((row) => [key(row), row.id]));
      return alarms.flatMap((a) => {
        const id = opened.get(key(a));
        return id === undefined ? [] : [{ ...a, id }];
      });
    },

    /** The device reported the condition cleared: its open event alarms of that code close. */
    async clearEvents(cleared: readonly { serialNumber: string; code: string; ts: Date }[]): Promise<AlarmRef[]> {
      if (cleared.length === 0) return [];
      return db.query<AlarmRef>(
        `UPDATE alarm a SET cleared_at = c.ts
           FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS c(serial, code, ts)
          WHERE a.cleared_at IS NULL AND a.kind = 'event' AND a.serial_number = c.serial AND a.code = c.code
            AND a.opened_at <= c.ts
          RETURNING a.id::int, a.operating_site_id AS "operatingSiteId", a.product`,
        [cleared.map((c) => c.serialNumber), cleared.map((c) => c.code), cleared.map((c) => c.ts)],
      );
    },

    /** The open alarms of these rules at these devices: one probe per (rule, device) pair. */
    async openOf(pairs: readonly RuleDevice[]): Promise<OpenAlarm[]> {
      if (pairs.length === 0) return [];
      return db.query<OpenAlarm>(
        `SELECT a.id::int, a.operating_site_id AS "operatingSiteId", a.product, a.alert_id AS "alertId",
                a.serial_number AS "serialNumber", a.code
           FROM unnest($1::int[], $2::text[]) AS k(alert_id, serial)
           JOIN alarm a ON a.alert_id = k.alert_id AND a.serial_number = k.serial AND a.cleared_at IS NULL`,
        [pairs.map((pair) => pair.alertId), pairs.map((pair) => pair.serialNumber)],
      );
    },

    /** Every open alarm of these rules (the care job clears those whose condition no longer holds). */
    async openOfRules(alertIds: readonly number[]): Promise<OpenAlarm[]> {
      if (alertIds.length === 0) return [];
      return db.query<OpenAlarm>(
        `SELECT ${OPEN_COLUMNS} FROM alarm WHERE alert_id = ANY($1::int[]) AND cleared_at IS NULL`,
        [alertIds],
      );
    },

    async clear(cleared: readonly { id: number; ts: Date }[]): Promise<AlarmRef[]> {
      if (cleared.length === 0) return [];
      return db.query<AlarmRef>(
        `UPDATE alarm a SET cleared_at = c.ts FROM unnest($1::bigint[], $2::timestamptz[]) AS c(id, ts)
          WHERE a.id = c.id AND a.cleared_at IS NULL
          RETURNING a.id::int, a.operating_site_id AS "operatingSiteId", a.product`,
        [cleared.map((c) => c.id), cleared.map((c) => c.ts)],
      );
    },

    /** Data arrived: the devices' silence alarms close; answers them (rule and device) for recovery mails. */
    async clearSilence(serials: readonly string[], ts: Date): Promise<OpenAlarm[]> {
      if (serials.length === 0) return [];
      return db.query<OpenAlarm>(
        `UPDATE alarm SET cleared_at = $2
          WHERE cleared_at IS NULL AND kind = 'silence' AND serial_number = ANY($1::text[])
          RETURNING ${OPEN_COLUMNS}`,
        [serials, ts],
      );
    },

    /** Newest first, at most ALARM_LIST_MAX; `active`: those not cleared yet. */
    async list(siteIds: readonly number[], state: 'active' | 'all', language: Language): Promise<Alarm[]> {
      const rows = await db.query<AlarmRow>(
        `SELECT ${ALARM_COLUMNS} FROM alarm a JOIN site_node n ON n.id = a.operating_site_id
          WHERE a.operating_site_id = ANY($1::int[]) ${state === 'active' ? 'AND a.cleared_at IS NULL' : ''}
          ORDER BY a.opened_at DESC, a.id DESC LIMIT ${ALARM_LIST_MAX}`,
        [siteIds],
      );
      return rows.map(toAlarm(language));
    },

    /** A battery's alarms at a site that were open at some time in [from, to), newest first, at most `limit`. */
    async ofBattery(
      siteId: number,
      serial: string,
      range: { from: Date; to: Date },
      limit: number,
      language: Language,
    ): Promise<Alarm[]> {
      const rows = await db.query<AlarmRow>(
        `SELECT ${ALARM_COLUMNS} FROM alarm a JOIN site_node n ON n.id = a.operating_site_id
          WHERE a.operating_site_id = $1 AND a.product = 'battery' AND a.serial_number = $2
            AND a.opened_at < $4 AND (a.cleared_at IS NULL OR a.cleared_at >= $3)
          ORDER BY a.opened_at DESC, a.id DESC LIMIT $5`,
        [siteId, serial, range.from, range.to, limit],
      );
      return rows.map(toAlarm(language));
    },

    async get(id: number, language: Language): Promise<Alarm | undefined> {
      const [row] = await db.query<AlarmRow>(
        `SELECT ${ALARM_COLUMNS} FROM alarm a JOIN site_node n ON n.id = a.operating_site_id WHERE a.id = $1`,
        [id],
      );
      return row && toAlarm(language)(row);
    },

    /** Locks the alarm; answers its site, or undefined when there is no such alarm. */
    async lock(id: number): Promise<{ operatingSiteId: number; acknowledged: boolean } | undefined> {
      const [row] = await db.query<{ operatingSiteId: number; acknowledged: boolean }>(
        `SELECT operating_site_id AS "operatingSiteId", acknowledged_at IS NOT NULL AS acknowledged
           FROM alarm WHERE id = $1 FOR UPDATE`,
        [id],
      );
      return row;
    },

    /** Deletes at most `limit` of the alarms cleared more than `days` ago, the oldest first; answers how many. */
    async purgeCleared(days: number, limit: number): Promise<number> {
      const [deleted] = await db.query<{ count: number }>(
        `WITH gone AS (
           DELETE FROM alarm WHERE id IN (
             SELECT id FROM alarm WHERE cleared_at < now() - make_interval(days => $1) ORDER BY cleared_at LIMIT $2)
           RETURNING 1)
         SELECT count(*)::int AS count FROM gone`,
        [days, limit],
      );
      return deleted?.count ?? 0;
    },

    async acknowledge(id: number, user: { id: number; email: string }, comment: string): Promise<void> {
      await db.query(
        `UPDATE alarm SET acknowledged_at = now(), acknowledged_by = $2, acknowledged_by_email = $3, ack_comment = $4
          WHERE id = $1`,
        [id, user.id, user.email, comment === '' ? null : comment],
      );
    },
  };
}
