import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { openPgliteDatabase } from './pglite-database';
import { withRequestScope } from './statement-budget';

const asRequester = <T>(requester: string, work: () => Promise<T>) =>
  withRequestScope({ budgetMs: 30_000, requester }, work);

describe('PGlite in fair turns (decision 136)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPgliteDatabase();
  });
  afterAll(() => db.close());

  it("answers a second user's statement after one of a first user's six heavy statements, not after all six", async () => {
    const done: string[] = [];
    const heavy = Array.from({ length: 6 }, (_, n) =>
      asRequester('session:heavy', async () => {
        await db.query('SELECT count(*) FROM generate_series(1, 200000)');
        done.push(`heavy ${n}`);
      }),
    );
    const probe = asRequester('session:probe', async () => {
      await db.query('SELECT 1');
      done.push('probe');
    });
    await Promise.all([...heavy, probe]);
    expect(done.indexOf('probe')).toBeLessThanOrEqual(1);
  });

  it("takes the server's own work (no request) as one more requester", async () => {
    const done: string[] = [];
    const heavy = Array.from({ length: 4 }, (_, n) =>
      asRequester('session:heavy', async () => {
        await db.query('SELECT count(*) FROM generate_series(1, 200000)');
        done.push(`heavy ${n}`);
      }),
    );
    const ingest = db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      done.push('server');
    });
    await Promise.all([...heavy, ingest]);
    expect(done.indexOf('server')).toBeLessThanOrEqual(1);
    await expect(asRequester('session:heavy', () => db.query<{ n: number }>('SELECT 2 AS n'))).resolves.toEqual([
      { n: 2 },
    ]);
  });
});
