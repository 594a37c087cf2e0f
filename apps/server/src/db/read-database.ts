import type { Database, Queryable } from './database';

/**
 * Where the heavy reads go (statistics, exports, reports, event pages): the primary, or a replica named by
 * READ_DATABASE_URL whose figures may lag the primary's (decision 126).
 */
export interface ReadDatabase extends Queryable {
  /** The moment the figures read now are complete up to (ISO 8601); null when they come from the primary. */
  figuresAsOf(): Promise<string | null>;
}

const queries = (db: Queryable): Queryable => ({
  query: (sql, params) => db.query(sql, params),
  execScript: (sql) => db.execScript(sql),
});

/** Heavy reads on the primary itself: always current. */
export const primaryReads = (db: Queryable): ReadDatabase => ({ ...queries(db), figuresAsOf: async () => null });

// A standby that has applied all it received is as fresh as now; one still applying, as its last applied commit.
// A primary (READ_DATABASE_URL reaching one after a failover) is current.
const AS_OF = `SELECT CASE WHEN NOT pg_is_in_recovery() OR pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN now()
  ELSE coalesce(pg_last_xact_replay_timestamp(), now()) END AS as_of`;

/** Heavy reads on a replica, each answer saying up to when its figures are complete. */
export function replicaReads(replica: Database): ReadDatabase {
  return {
    ...queries(replica),
    async figuresAsOf() {
      const [row] = await replica.query<{ as_of: Date }>(AS_OF);
      return (row?.as_of ?? new Date()).toISOString();
    },
  };
}
