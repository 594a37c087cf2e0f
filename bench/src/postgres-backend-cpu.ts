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

/**
 * CPU used so far by the PostgreSQL backends (on this machine) of the connections named `applicationName`: the
 * database's share of one process's work, apart from what other clients of the same server cost meanwhile.
 */
export async function backendCpuMicros(connectionString: string, applicationName: string): Promise<number> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
      [applicationName],
    );
    return rows.reduce((sum, row) => sum + processCpuMicros(row.pid), 0);
  } finally {
    await client.end();
  }
}
