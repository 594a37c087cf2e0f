import { readFileSync } from 'node:fs';
import pg from 'pg';

/** /proc reports CPU time in clock ticks of USER_HZ, which Linux fixes at 100 per second. */
const MICROS_PER_TICK = 10_000;

/** The connection string with an application_name, by which backendCpuMicros finds its connections. */
export function withApplicationName(connectionString: string, name: string): string {
  const url = new URL(connectionString);
  url.searchParams.set('application_name', name);
  return url.toString();
}

/** CPU (µs, user + system) a backend process has used so far, from /proc; 0 once it has ended. */
function processCpuMicros(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MICROS_PER_TICK;
  } catch {
    return 0;
  }
}

/** The CPU (µs) each PostgreSQL backend of the connections named `applicationName` has used so far, by pid. */
export async function backendCpuSnapshot(
  connectionString: string,
  applicationName: string,
): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
      [applicationName],
    );
    return new Map(rows.map((row) => [row.pid, processCpuMicros(row.pid)]));
  } finally {
    await client.end();
  }
}

/**
 * The CPU those backends used between two snapshots: the database's share of one process's work, apart from what
 * other clients of the same server cost meanwhile. A backend opened in between counts whole; one closed in
 * between is missed (the pool keeps its connections while busy).
 */
export const backendCpuBetween = (before: Map<number, number>, after: Map<number, number>): number =>
  [...after].reduce((sum, [pid, micros]) => sum + micros - (before.get(pid) ?? 0), 0);
