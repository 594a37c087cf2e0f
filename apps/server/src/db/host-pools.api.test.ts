import { describe, expect, it } from 'vitest';
import { freePort } from '../../test/server-process';
import { parseDatabaseUrl } from '../database-url';
import { isDatabaseUnavailable } from './database-errors';
import { openHostPools } from './host-pools';

const base = process.env.TEST_DATABASE_URL;

/** The walk over DATABASE_URL's hosts against the real PostgreSQL of TEST_DATABASE_URL. */
describe.skipIf(!base)('a multi-host DATABASE_URL', () => {
  const server = () => parseDatabaseUrl(base as string).hosts[0] as { host: string; port: number };
  const withHosts = (hosts: string, query: string) =>
    parseDatabaseUrl((base as string).replace(/@[^/]*\//, `@${hosts}/`).replace(/\?.*$/, '') + query);

  it('passes a host that refuses connections and keeps the next one', async () => {
    const { host, port } = server();
    const pools = openHostPools(withHosts(`127.0.0.1:${await freePort()},${host}:${port}`, ''), { max: 1 });
    try {
      const { rows } = await pools.query('SELECT inet_server_port() AS port');
      expect(rows).toEqual([{ port }]);
    } finally {
      await pools.end();
    }
  });

  it('refuses a read-only session with target_session_attrs=read-write, as an outage; takes it with any', async () => {
    const { host, port } = server();
    const readOnly = '?options=-c%20default_transaction_read_only%3Don';
    const refusing = openHostPools(withHosts(`${host}:${port}`, `${readOnly}&target_session_attrs=read-write`), {});
    const error = await refusing.query('SELECT 1').catch((caught: unknown) => caught);
    await refusing.end();
    expect(error).toMatchObject({ message: expect.stringContaining('read-only') });
    expect(isDatabaseUnavailable(error)).toBe(true);

    const taking = openHostPools(withHosts(`${host}:${port}`, `${readOnly}&target_session_attrs=any`), {});
    await expect(taking.query('SELECT 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
    await taking.end();
  });
});
