import type { ReportSchedule, ReportScheduleBody } from '@cbm/contracts/report-schedules';
import type { Queryable } from '../../db/database';

const columns = (s = '') => `${s}id, ${s}operating_site_id AS "operatingSiteId", ${s}kind,
  ${s}battery_serials AS "batterySerials", ${s}cadence, ${s}recipients, ${s}created_by_email AS "createdBy",
  to_char(${s}last_sent_period, 'YYYY-MM-DD') AS "lastSentPeriod"`;
const COLUMNS = columns();

/** A schedule as the job reads it: with its creator (the PDF names them) and the site's zone. */
export interface DueSchedule extends ReportSchedule {
  createdById: number | null;
  timeZone: string;
}

/** The report_schedule table and its mail claims (migration 027); scoped to an operating site. */
export function reportScheduleRepository(db: Queryable) {
  return {
    list(siteId: number): Promise<ReportSchedule[]> {
      return db.query<ReportSchedule>(
        `SELECT ${COLUMNS} FROM report_schedule WHERE operating_site_id = $1 ORDER BY id`,
        [siteId],
      );
    },

    async lock(siteId: number, id: number): Promise<ReportSchedule | undefined> {
      const [row] = await db.query<ReportSchedule>(
        `SELECT ${COLUMNS} FROM report_schedule WHERE id = $1 AND operating_site_id = $2 FOR UPDATE`,
        [id, siteId],
      );
      return row;
    },

    async create(body: ReportScheduleBody, user: { id: number; email: string }): Promise<ReportSchedule> {
      const [row] = await db.query<ReportSchedule>(
        `INSERT INTO report_schedule (operating_site_id, kind, battery_serials, cadence, recipients, created_by,
                                      created_by_email)
         VALUES ($1, $2, $3::text[], $4, $5::jsonb, $6, $7) RETURNING ${COLUMNS}`,
        [
          body.operatingSiteId,
          body.kind,
          body.batterySerials,
          body.cadence,
          JSON.stringify(body.recipients),
          user.id,
          user.email,
        ],
      );
      return row as ReportSchedule;
    },

    async update(id: number, body: ReportScheduleBody): Promise<ReportSchedule> {
      const [row] = await db.query<ReportSchedule>(
        `UPDATE report_schedule
            SET kind = $2, battery_serials = $3::text[], cadence = $4, recipients = $5::jsonb, updated_at = now()
          WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, body.kind, body.batterySerials, body.cadence, JSON.stringify(body.recipients)],
      );
      return row as ReportSchedule;
    },

    async delete(id: number): Promise<void> {
      await db.query('DELETE FROM report_schedule WHERE id = $1', [id]);
    },

    /** Every schedule with its site's zone, for the job. */
    all(): Promise<DueSchedule[]> {
      return db.query<DueSchedule>(
        `SELECT ${columns('s.')},
                s.created_by AS "createdById", o.timezone AS "timeZone"
           FROM report_schedule s JOIN operating_site o ON o.id = s.operating_site_id
          ORDER BY s.id`,
      );
    },

    /**
     * Claims the mail of a period to one recipient for `claimMs`: false when it was sent, or another process holds
     * a live claim on it. An unsent claim whose time ran out (its process died) is taken over.
     */
    async claimMail(schedule: DueSchedule, periodStart: string, email: string, claimMs: number): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO report_schedule_mail AS m (schedule_id, cadence, period_start, email, claimed_until)
         VALUES ($1, $2, $3, $4, now() + $5::bigint * interval '1 millisecond')
         ON CONFLICT (schedule_id, cadence, period_start, email) DO UPDATE SET claimed_until = excluded.claimed_until
          WHERE m.sent_at IS NULL AND (m.claimed_until IS NULL OR m.claimed_until <= now())
         RETURNING email`,
        [schedule.id, schedule.cadence, periodStart, email, claimMs],
      );
      return rows.length === 1;
    },

    /** Keeps a claim while its mail is being sent. */
    async extendClaim(schedule: DueSchedule, periodStart: string, email: string, claimMs: number): Promise<void> {
      await db.query(
        `UPDATE report_schedule_mail SET claimed_until = now() + $5::bigint * interval '1 millisecond'
          WHERE schedule_id = $1 AND cadence = $2 AND period_start = $3 AND email = $4 AND sent_at IS NULL`,
        [schedule.id, schedule.cadence, periodStart, email, claimMs],
      );
    },

    async mailSent(schedule: DueSchedule, periodStart: string, email: string): Promise<void> {
      await db.query(
        `UPDATE report_schedule_mail SET sent_at = now()
          WHERE schedule_id = $1 AND cadence = $2 AND period_start = $3 AND email = $4`,
        [schedule.id, schedule.cadence, periodStart, email],
      );
    },

    /** A mail that failed: released, so that the next run tries again. */
    async releaseMail(schedule: DueSchedule, periodStart: string, email: string): Promise<void> {
      await db.query(
        `DELETE FROM report_schedule_mail
          WHERE schedule_id = $1 AND cadence = $2 AND period_start = $3 AND email = $4 AND sent_at IS NULL`,
        [schedule.id, schedule.cadence, periodStart, email],
      );
    },

    /** Whether every one of these recipients has the period's mail. */
    async allSent(schedule: DueSchedule, periodStart: string, emails: readonly string[]): Promise<boolean> {
      const [row] = await db.query<{ sent: number }>(
        `SELECT count(*)::int AS sent FROM report_schedule_mail
          WHERE schedule_id = $1 AND cadence = $2 AND period_start = $3 AND email = ANY($4::text[])
            AND sent_at IS NOT NULL`,
        [schedule.id, schedule.cadence, periodStart, emails],
      );
      return row?.sent === new Set(emails).size;
    },

    async periodSent(id: number, periodStart: string): Promise<void> {
      await db.query('UPDATE report_schedule SET last_sent_period = $2 WHERE id = $1', [id, periodStart]);
    },
  };
}
