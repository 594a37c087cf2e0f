import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const SCRIPT = path.resolve(import.meta.dirname, '../../../deploy/postgres-ha/local-pair.sh');
const run = promisify(execFile);

/** Why a PostgreSQL pair cannot run here, or undefined. */
export const PG_AUTO_FAILOVER_MISSING = existsSync('/usr/bin/pg_autoctl')
  ? undefined
  : 'pg_auto_failover is not installed (apt-get install postgresql-15-auto-failover pg-auto-failover-cli)';

/** The monitor's port; node N listens on PORT_BASE + N (TEST_PG_HA_PORT_BASE, default 19610). */
const PORT_BASE = Number(process.env.TEST_PG_HA_PORT_BASE ?? 19610);

export interface PostgresPair {
  /** The multi-host URL `pg_autoctl show uri` gives, as DATABASE_URL. */
  url: string;
  /** The node (1 or 2) the monitor has as primary now. */
  primary(): Promise<number>;
  /** SIGKILLs node N's keeper and its PostgreSQL together, as when its machine dies. */
  killNode(node: number): Promise<void>;
  startNode(node: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A primary and a synchronous standby under pg_auto_failover, started by deploy/postgres-ha/local-pair.sh (monitor on
 * `portBase`, the nodes on the two ports after it). Stopped when the process exits, if not before.
 */
export async function startPostgresPair(portBase = PORT_BASE): Promise<PostgresPair> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cbm-pgha-'));
  const env = { ...process.env, PAIR_DIR: dir, PORT_BASE: String(portBase) };
  const script = async (...args: string[]) => (await run(SCRIPT, args, { env, timeout: 300_000 })).stdout;
  const stopOnExit = () => execFileSync(SCRIPT, ['stop'], { env });
  process.once('exit', stopOnExit);
  const started = await script('start').catch(async (error: unknown) => {
    await script('stop');
    throw error;
  });
  return {
    url: started.trim().split('\n').at(-1) as string,
    async primary() {
      const row = (await script('state')).split('\n').find((line) => /\|\s+(wait_)?primary\s*$/.test(line));
      return Number(/^node(\d)/.exec(row ?? '')?.[1]);
    },
    killNode: async (node) => void (await script('kill-node', String(node))),
    startNode: async (node) => void (await script('start-node', String(node))),
    async stop() {
      process.off('exit', stopOnExit);
      await script('stop');
    },
  };
}
