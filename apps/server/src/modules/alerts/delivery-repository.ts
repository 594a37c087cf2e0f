import type { Database } from '../../db/database';
import type { Language } from '../../i18n/messages';
import type { AlertMailEvent } from './alert-mail-event';

export interface ClaimedDelivery {
  id: number;
  kind: 'event' | 'digest';
  recipient: string;
  language: Language;
  payload: AlertMailEvent | null;
  digestId: number | null;
  attempts: number;
  createdAt: Date;
}

export interface Digest {
  count: number;
  sample: AlertMailEvent[];
  endsAt: Date;
}

/** A sender holds claimed mails this long; after a crash another sender takes them over then. */
const LEASE = '2 minutes';

/** The sending side of the alert outbox (the delivery job). */
export function deliveryRepository(db: Database) {
  return {
    /** Takes up to `limit` due mails for this sender, counting the attempt. */
    async claim(limit: number): Promise<ClaimedDelivery[]> {
      return db.query<ClaimedDelivery>(
        `UPDATE alert_delivery d SET lease_until = now() + interval '${LEASE}', attempts = attempts + 1
          WHERE id IN (SELECT id FROM alert_delivery
                        WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
                          AND (lease_until IS NULL OR lease_until < now())
                        ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING id, kind, recipient, language, payload, digest_id AS "digestId", attempts, created_at AS "createdAt"`,
        [limit],
      );
    },

    /**
     * The digest once its window is over, read while holding the rule's window lock: ingestion that still
     * adds to it has committed by then, and later matches open a new window. Undefined while it runs.
     */
    async closedDigest(digestId: number): Promise<Digest | undefined> {
      return db.transaction(async (tx) => {
        await tx.query(
          'SELECT 1 FROM alert_window WHERE alert_id = (SELECT alert_id FROM alert_digest WHERE id = $1) FOR UPDATE',
          [digestId],
        );
        const [digest] = await tx.query<Digest>(
          `SELECT event_count AS count, sample, ends_at AS "endsAt" FROM alert_digest
            WHERE id = $1 AND ends_at <= clock_timestamp()`,
          [digestId],
        );
        return digest;
      });
    },

    async markSent(id: number): Promise<void> {
      await db.query('UPDATE alert_delivery SET sent_at = now(), lease_until = NULL, last_error = NULL WHERE id = $1', [
        id,
      ]);
    },

    async retryLater(id: number, delayMs: number, error: string): Promise<void> {
      await db.query(
        `UPDATE alert_delivery SET lease_until = NULL, last_error = $3,
                next_attempt_at = now() + make_interval(secs => $2::float8 / 1000)
          WHERE id = $1`,
        [id, delayMs, error.slice(0, 500)],
      );
    },

    /** Deletes the mails sent more than `days` ago, then the digests left without mails; answers the mails deleted. */
    async pruneSent(days: number): Promise<number> {
      const [deleted] = await db.query<{ count: number }>(
        `WITH gone AS (DELETE FROM alert_delivery WHERE sent_at < now() - make_interval(days => $1) RETURNING 1)
         SELECT count(*)::int AS count FROM gone`,
        [days],
      );
      await db.query(
        `DELETE FROM alert_digest d WHERE d.ends_at < now() - make_interval(days => $1)
            AND NOT EXISTS (SELECT 1 FROM alert_delivery x WHERE x.digest_id = d.id)`,
        [days],
      );
      return deleted?.count ?? 0;
    },

    async markFailed(id: number, error: string): Promise<void> {
      await db.query('UPDATE alert_delivery SET failed_at = now(), lease_until = NULL, last_error = $2 WHERE id = $1', [
        id,
        error.slice(0, 500),
      ]);
    },
  };
}
