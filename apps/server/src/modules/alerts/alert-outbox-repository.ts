import type { Queryable } from '../../db/database';
import type { AlertMailEvent } from './alert-mail-event';

export interface AlertWindow {
  startedAt: Date;
  endsAt: Date;
  mails: number;
  digestId: number | null;
}

/** How many held-back events a digest mail lists; it counts them all. */
export const DIGEST_SAMPLE_SIZE = 20;

/** The ingestion side of delivery: rate-limit windows, digests and the outbox rows, in the storing transaction. */
export function alertOutboxRepository(tx: Queryable) {
  return {
    /**
     * Locks the rule's window (serialising the rule's matches across workers) and answers it with the
     * database clock read after the lock: a window is over for everyone from that moment on.
     */
    async lockWindow(alertId: number): Promise<{ window: AlertWindow | undefined; now: Date }> {
      const [window] = await tx.query<AlertWindow>(
        `SELECT started_at AS "startedAt", ends_at AS "endsAt", mails, digest_id AS "digestId"
           FROM alert_window WHERE alert_id = $1 FOR UPDATE`,
        [alertId],
      );
      const [clock] = await tx.query<{ now: Date }>('SELECT clock_timestamp() AS now');
      return { window, now: (clock as { now: Date }).now };
    },

    async saveWindow(alertId: number, window: AlertWindow): Promise<void> {
      await tx.query(
        `INSERT INTO alert_window (alert_id, started_at, ends_at, mails, digest_id) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (alert_id) DO UPDATE SET started_at = $2, ends_at = $3, mails = $4, digest_id = $5`,
        [alertId, window.startedAt, window.endsAt, window.mails, window.digestId],
      );
    },

    /** A digest for the window, and its mails to every recipient, due when the window ends. */
    async createDigest(alertId: number, endsAt: Date, recipients: readonly string[], language: string) {
      const [digest] = await tx.query<{ id: number }>(
        'INSERT INTO alert_digest (alert_id, ends_at) VALUES ($1, $2) RETURNING id',
        [alertId, endsAt],
      );
      const digestId = Number((digest as { id: number }).id);
      await tx.query(
        `INSERT INTO alert_delivery (alert_id, kind, recipient, language, digest_id, next_attempt_at)
         SELECT $1, 'digest', recipient, $3, $4, $5 FROM unnest($2::text[]) AS recipient`,
        [alertId, recipients, language, digestId, endsAt],
      );
      return digestId;
    },

    async addToDigest(digestId: number, events: readonly AlertMailEvent[]): Promise<void> {
      await tx.query(
        `UPDATE alert_digest
            SET event_count = event_count + $2,
                sample = (SELECT coalesce(jsonb_agg(x.e ORDER BY x.n), '[]')
                            FROM (SELECT e, n FROM jsonb_array_elements(sample || $3::jsonb) WITH ORDINALITY AS y(e, n)
                                   ORDER BY n LIMIT $4) AS x)
          WHERE id = $1`,
        [digestId, events.length, JSON.stringify(events), DIGEST_SAMPLE_SIZE],
      );
    },

    /** One mail per recipient and event. */
    async addMails(
      alertId: number,
      events: readonly AlertMailEvent[],
      recipients: readonly string[],
      language: string,
    ) {
      if (events.length === 0) return;
      await tx.query(
        `INSERT INTO alert_delivery (alert_id, kind, recipient, language, payload)
         SELECT $1, 'event', recipient, $3, event
           FROM jsonb_array_elements($4::jsonb) WITH ORDINALITY AS e(event, n), unnest($2::text[]) AS recipient
          ORDER BY n`,
        [alertId, recipients, language, JSON.stringify(events)],
      );
    },
  };
}
