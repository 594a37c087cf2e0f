import { readdir } from 'node:fs/promises';
import type { BrokerMetrics } from '@cbm/contracts/ingest-metrics';
import type { Database } from '../../db/database';

/** What /readyz reports per dependency: ok, or why not. */
export type CheckResult = 'ok' | string;

export interface ReadinessChecks {
  database: CheckResult;
  migrations: CheckResult;
  broker: CheckResult;
}

/** A database that does not answer within this long counts as away: a probe must not hang. */
const DATABASE_TIMEOUT_MS = 2_000;

/** The newest migration this build ships; the database is migrated when it has applied it. */
export async function newestMigration(migrationsDir: string): Promise<string | undefined> {
  return (await readdir(migrationsDir))
    .filter((file) => /^\d{3}-[\w-]+\.sql$/.test(file))
    .sort()
    .at(-1);
}

/** One query answers both: the database is there, and it has the build's newest migration. */
export async function databaseChecks(
  db: Database,
  newest: string | undefined,
): Promise<Pick<ReadinessChecks, 'database' | 'migrations'>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_TIMEOUT_MS} ms`)), DATABASE_TIMEOUT_MS);
  });
  try {
    const rows = await Promise.race([
      db.query<{ applied: boolean }>('SELECT EXISTS (SELECT 1 FROM schema_migration WHERE name = $1) AS applied', [
        newest ?? '',
      ]),
      timeout,
    ]);
    return { database: 'ok', migrations: newest && !rows[0]?.applied ? `${newest} not applied` : 'ok' };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { database: `unavailable: ${reason}`, migrations: 'unknown while the database is away' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The broker side is ready when this process does what it is configured for: an ingesting process has its
 * embedded broker listening or its subscriptions at MQTT_URL in place; an API replica (INGEST=false) with
 * MQTT_URL is connected (commands, live relay); one without a broker needs none.
 */
export function brokerCheck(status: BrokerMetrics, expected: { ingest: boolean; external: boolean }): CheckResult {
  if (status.kind === 'none') return expected.ingest || expected.external ? 'not started' : 'ok';
  if (!status.connected) return 'not connected';
  if (expected.ingest && !status.subscribed) return 'connected but not subscribed';
  return 'ok';
}
