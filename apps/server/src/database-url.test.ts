import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from './database-url';

describe('parseDatabaseUrl', () => {
  it('reads the hosts of what `pg_autoctl show uri` prints, in order, each with its port', () => {
    const url = parseDatabaseUrl(
      'postgres://cbm:s%40cret@10.0.0.1:6001,db-2.internal:6002/cbm?target_session_attrs=read-write&sslmode=require',
    );
    expect(url.hosts).toEqual([
      { host: '10.0.0.1', port: 6001 },
      { host: 'db-2.internal', port: 6002 },
    ]);
    expect(url.readWrite).toBe(true);
    expect(url.database).toBe('cbm');
    expect(url.forHost({ host: 'db-2.internal', port: 6002 })).toBe(
      'postgres://cbm:s%40cret@db-2.internal:6002/cbm?sslmode=require',
    );
  });

  it('takes 5432 for a host without a port, brackets IPv6 addresses, and any session by default', () => {
    const url = parseDatabaseUrl('postgresql://u@[::1],db.example:5433/app');
    expect(url.hosts).toEqual([
      { host: '::1', port: 5432 },
      { host: 'db.example', port: 5433 },
    ]);
    expect(url.readWrite).toBe(false);
    expect(url.forHost({ host: '::1', port: 5432 })).toBe('postgresql://u@[::1]:5432/app');
  });

  it('keeps a single-host URL as it is', () => {
    const url = parseDatabaseUrl('postgres://postgres@127.0.0.1:5432/test_pgha');
    expect(url.hosts).toEqual([{ host: '127.0.0.1', port: 5432 }]);
    expect(url.forHost(url.hosts[0] as never)).toBe('postgres://postgres@127.0.0.1:5432/test_pgha');
  });

  it.each([
    ['mysql://u@h/db', 'must start with postgres:// or postgresql://'],
    ['postgres://u@h1:5432,/db', 'host 2 of 2 is empty'],
    ['postgres://u@h1:99999/db', 'port 99999 of h1 is not a port'],
    [
      'postgres://u@h1:5432/db?target_session_attrs=standby',
      'target_session_attrs=standby: CBM writes, use read-write or any',
    ],
  ])('refuses %s: %s', (input, message) => {
    expect(() => parseDatabaseUrl(input)).toThrow(message);
  });
});
