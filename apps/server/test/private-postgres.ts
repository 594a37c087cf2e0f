import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

const run = promisify(execFile);

/** A PostgreSQL server of its own (initdb + pg_ctl in a temp folder) that a test may stop and start. */
export interface PrivatePostgres {
  url: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: open connections are ended, the server shuts down cleanly. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

const binDir = () => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root).sort().at(-1);
  const dir = version && path.join(root, version, 'bin');
  return dir && existsSync(path.join(dir, 'pg_ctl')) ? dir : undefined;
};

/** Why a private PostgreSQL cannot run here, or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  if (!binDir()) return 'no PostgreSQL server binaries in /usr/lib/postgresql/*/bin';
  if (userInfo().uid === 0 && !existsSync('/usr/sbin/runuser')) return 'running as root without runuser';
  return undefined;
}

/** PostgreSQL refuses to run as root: as root, its commands run as the user postgres. */
async function asPostgres(command: string, args: string[]) {
  const bin = path.join(binDir() as string, command);
  return userInfo().uid === 0 ? run('runuser', ['-u', 'postgres', '--', bin, ...args]) : run(bin, args);
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cbm-pg-'));
  if (userInfo().uid === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout), Number(group));
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const start = async () => {
    await asPostgres('pg_ctl', ['start', '-w', '-D', data, '-l', path.join(dir, 'log'), '-o', options]);
  };
  const stop = async () => {
    await asPostgres('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', data]);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
