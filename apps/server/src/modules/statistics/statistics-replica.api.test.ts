import type { StatisticsResponse } from '@cbm/contracts/statistics';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { replicaReads } from '../../db/read-database';

const RANGE = 'from=2026-11-01T23:00:00Z&to=2026-11-08T23:00:00Z';

describeEachDatabase('battery statistics from the read database', (kind) => {
  let t: TestApp;
  let admin: string;
  let hamburg: number;
  const statistics = (query: string) =>
    t.request({ url: `/api/v2/Statistics?operatingSiteId=${hamburg}&${query}`, cookie: admin });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    hamburg = (await siteNodeIds(t, admin))['Hamburg Hafen'] as number;
  }, 600_000);
  afterAll(() => t.close());

  it('says up to when its figures are complete where they come from the read database (READ_DATABASE_URL)', async () => {
    const query = `type=co2&groupBy=organization&granularity=day&${RANGE}`;
    expect((await statistics(query)).json()).not.toHaveProperty('asOf');
    const config = loadConfig({}, { LOG_LEVEL: 'silent', MQTT_PORT: 0, INGEST: false });
    const replicaApp = await buildApp({ config, db: t.db, readDb: replicaReads(t.db) });
    try {
      const before = Date.now();
      const answer = await replicaApp.inject({
        url: `/api/v2/Statistics?operatingSiteId=${hamburg}&${query}`,
        headers: { cookie: admin },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const { asOf } = answer.json() as StatisticsResponse;
      // The test's "replica" is the primary itself: its figures are complete up to now.
      expect(Date.parse(asOf as string)).toBeGreaterThanOrEqual(before - 1000);
    } finally {
      await replicaApp.close();
    }
  });
});
