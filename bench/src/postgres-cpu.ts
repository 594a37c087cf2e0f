import { readdirSync, readFileSync } from 'node:fs';

/** /proc reports CPU time in clock ticks of USER_HZ, which Linux fixes at 100 per second. */
const MICROS_PER_TICK = 10_000;

/**
 * CPU (µs, user + system) used so far by every process of this machine named `postgres` (backends,
 * WAL writer, checkpointer) and by those that ended (a backend's time moves to the postmaster's
 * children's time when it reaps it, so the sum never goes back), from /proc; undefined where there
 * is no /proc or no such process.
 */
export function postgresCpuMicros(): number | undefined {
  let ticks = 0;
  let found = false;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const commEnd = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, commEnd) !== 'postgres') continue;
    // After the command: state is field 3; utime, stime, cutime and cstime are fields 14 to 17.
    const fields = stat.slice(commEnd + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    found = true;
  }
  return found ? ticks * MICROS_PER_TICK : undefined;
}
