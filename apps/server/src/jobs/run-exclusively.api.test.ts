import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, openTestDatabase, type TestDatabase } from '../../test/test-app';
import { jobScheduler } from './job-scheduler';
import { runExclusively } from './run-exclusively';

describeEachDatabase('runExclusively', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.drop());

  const leaseOf = async (name: string) => {
    const [row] = await database.db.query<{ runs: number; last_error: string | null }>(
      'SELECT runs::int, last_error FROM job_lease WHERE name = $1',
      [name],
    );
    return row;
  };

  it('runs a due job on one of several replicas calling at once, then not again within its period', async () => {
    let runs = 0;
    const work = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    };
    const outcomes = await Promise.all(
      ['a', 'b', 'c', 'd'].map((holder) =>
        runExclusively(database.db, 'concurrent', work, { everyMs: 60_000, holder }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
    expect(runs).toBe(1);
    expect(await runExclusively(database.db, 'concurrent', work, { everyMs: 60_000 })).toEqual({ ran: false });
    expect(await leaseOf('concurrent')).toEqual({ runs: 1, last_error: null });
  });

  it('runs the job again once its period has passed', async () => {
    let runs = 0;
    const work = async () => {
      runs++;
    };
    await runExclusively(database.db, 'periodic', work, { everyMs: 200 });
    expect(await runExclusively(database.db, 'periodic', work, { everyMs: 200 })).toEqual({ ran: false });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await runExclusively(database.db, 'periodic', work, { everyMs: 200 })).toEqual({ ran: true });
    expect(runs).toBe(2);
  });

  it('waits for a lease another replica holds, and takes the job over once that lease expired', async () => {
    await database.db.query(
      `INSERT INTO job_lease (name, holder, leased_until) VALUES ('held', 'other:1', now() + interval '1 hour')`,
    );
    const work = async () => undefined;
    expect(await runExclusively(database.db, 'held', work)).toEqual({ ran: false });
    await database.db.query(`UPDATE job_lease SET leased_until = now() - interval '1 second' WHERE name = 'held'`);
    expect(await runExclusively(database.db, 'held', work)).toEqual({ ran: true });
  });

  it('records a failure, throws it again and releases the lease', async () => {
    const failing = async () => {
      throw new Error('disk full');
    };
    await expect(runExclusively(database.db, 'failing', failing)).rejects.toThrow('disk full');
    expect(await leaseOf('failing')).toEqual({ runs: 1, last_error: 'disk full' });
    expect(await runExclusively(database.db, 'failing', async () => undefined)).toEqual({ ran: true });
    expect(await leaseOf('failing')).toEqual({ runs: 2, last_error: null });
  });

  it('a scheduler on each of two replicas runs a job once per period between them', async () => {
    const starts: number[] = [];
    const job = {
      name: 'scheduled',
      everyMs: 150,
      run: async () => {
        starts.push(Date.now());
      },
    };
    const replicas = ['one', 'two'].map((holder) =>
      jobScheduler({ db: database.db, holder, onError: () => undefined }),
    );
    for (const replica of replicas) replica.schedule(job);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await Promise.all(replicas.map((replica) => replica.stop()));
    expect(starts.length).toBeGreaterThanOrEqual(3);
    const gaps = starts.slice(1).map((start, index) => start - (starts[index] as number));
    // The database's clock decides; allow a few ms between it and this process's clock.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(140);
  });
});
