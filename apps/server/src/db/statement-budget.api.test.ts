import { EVENT_MAX_RANGE_DAYS } from '@cbm/contracts/events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app';

describeEachDatabase('query budgets', (kind) => {
  let t: TestApp;
  let admin: string;
  let siteIds: number[];

  beforeAll(async () => {
    t = await createTestApp(kind, { DB_STATEMENT_TIMEOUT_SECONDS: 1 });
    // A request whose statement outlives the budget, on the app's own database handle.
    t.app.get('/api/v2/test/slow', { config: { public: true } }, async () => {
      await t.db.query(kind === 'postgres' ? 'SELECT pg_sleep(4)' : 'SELECT 1');
      return { done: true };
    });
    admin = await t.signIn('admin@cbm.demo');
    siteIds = (await t.db.query<{ id: number }>('SELECT id FROM operating_site')).map((site) => site.id);
  });
  afterAll(() => t.close());

  it.runIf(kind === 'postgres')('cancels an API statement after the budget and answers 503 saying it', async () => {
    const started = performance.now();
    const response = await t.request({ url: '/api/v2/test/slow', headers: { 'accept-language': 'de' } });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'server.queryTimeout',
      message: expect.stringContaining('1 Sekunden'),
    });
    // Work outside requests (jobs, ingestion) has no budget.
    await expect(t.db.query('SELECT pg_sleep(1.2)')).resolves.toHaveLength(1);
  });

  it('refuses an event query over a longer range than allowed, before any database work, naming the limit', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v2/battery/Events',
      cookie: admin,
      payload: { from: '1970-01-01T00:00:00Z', to: '2069-12-31T00:00:00Z', operatingSiteIds: siteIds, max: 100 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(`${EVENT_MAX_RANGE_DAYS} days`);
  });
});
