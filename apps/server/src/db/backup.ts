import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { ConfigError } from '../config';
import { parseDatabaseUrl } from '../database-url';
import { lockDataDir } from './data-dir-lock';

const run = promisify(execFile);

type BackupConfig = Pick<Config, 'DATABASE_URL' | 'dataDir'>;

const pgliteDir = (config: BackupConfig) => path.join(config.dataDir, 'pglite');

/**
 * Writes the whole database to `file`: PostgreSQL with pg_dump's custom format (DATABASE_URL; the server may run),
 * PGlite as its gzipped data folder (DATA_DIR; the server must be stopped, the folder's lock makes sure).
 */
export async function backupDatabase(config: BackupConfig, file: string): Promise<string> {
  if (config.DATABASE_URL) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', config.DATABASE_URL]);
    return `PostgreSQL dumped to ${file} (pg_dump custom format).`;
  }
  if (!existsSync(pgliteDir(config))) throw new ConfigError(`No PGlite database in ${pgliteDir(config)} to back up`);
  const unlock = lockDataDir(config.dataDir);
  try {
    const pglite = await PGlite.create({ dataDir: pgliteDir(config) });
    const dump = await pglite.dumpDataDir('gzip');
    await pglite.close();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return `PGlite in ${config.dataDir} dumped to ${file}.`;
  } finally {
    unlock();
  }
}

/** Restores a backup into an empty database only: restoring over data would mix two histories. */
export async function restoreDatabase(config: BackupConfig, file: string): Promise<string> {
  if (!existsSync(file)) throw new ConfigError(`No backup file ${file}`);
  if (config.DATABASE_URL) {
    const { stdout } = await run('psql', [
      '-XtAc',
      "SELECT to_regclass('schema_migration') IS NOT NULL",
      config.DATABASE_URL,
    ]);
    if (stdout.trim() === 't')
      throw new ConfigError('DATABASE_URL already holds a CBM database: restore into an empty one');
    await run('pg_restore', [
      '--exit-on-error',
      '--no-owner',
      '--single-transaction',
      '--dbname',
      config.DATABASE_URL,
      file,
    ]);
    return `Restored ${file} into ${parseDatabaseUrl(config.DATABASE_URL).database}.`;
  }
  if (existsSync(pgliteDir(config))) {
    throw new ConfigError(`${pgliteDir(config)} already holds a database: restore into an empty DATA_DIR`);
  }
  const unlock = lockDataDir(config.dataDir);
  try {
    const loadDataDir = new Blob([await readFile(file)]);
    await mkdir(pgliteDir(config), { recursive: true });
    const pglite = await PGlite.create({ dataDir: pgliteDir(config), loadDataDir });
    await pglite.close();
    return `Restored ${file} into ${config.dataDir}.`;
  } finally {
    unlock();
  }
}
