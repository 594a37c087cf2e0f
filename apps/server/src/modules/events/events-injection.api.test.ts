import { EVENT_ATTRIBUTES } from '@cbm/contracts/events';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { TEST_WINDOW } from './test/events-test-data';

const names = EVENT_ATTRIBUTES.map((attribute) => attribute.name);
const hostile = fc.oneof(
  fc.string(),
  fc.constantFrom("'; DROP TABLE battery; --", "') OR 1=1 --", '\u0000', 'NaN', '1e999', '2026-02-30', '$1'),
);
const value = fc.oneof(hostile, fc.double(), fc.integer(), fc.constant(null), fc.boolean());
const filter = fc.record(
  {
    name: fc.oneof(hostile, fc.constantFrom(...names)),
    min: value,
    max: value,
    text: hostile,
    values: fc.array(value),
  },
  { requiredKeys: [] },
);

describeEachDatabase('event queries under arbitrary input', (kind) => {
  let t: TestApp;
  let admin: string;
  let site: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    site = (await siteNodeIds(t, admin))['Hamburg Hafen'] as number;
  }, 300_000);
  afterAll(() => t.close());

  it('never answers 500 and never changes the database, whatever the names and values', async () => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM battery');
    await fc.assert(
      fc.asyncProperty(
        fc.array(filter, { maxLength: 3 }),
        fc.oneof(hostile, fc.constantFrom(...names)),
        fc.array(fc.oneof(hostile, fc.constantFrom(...names)), { maxLength: 3 }),
        fc.option(hostile),
        fc.oneof(fc.constant(TEST_WINDOW.from), hostile),
        async (attributeFilters, orderBy, columns, seek, from) => {
          for (const url of ['/api/v2/battery/Events', '/api/v2/mdload/MdloadEvents']) {
            const key = url.includes('mdload') ? 'mdloadEventFilter' : 'batteryEventFilter';
            const response = await t.request({
              method: 'POST',
              url,
              cookie: admin,
              payload: {
                from,
                to: TEST_WINDOW.to,
                operatingSiteIds: [site],
                orderBy,
                seek,
                [key]: { columns, attributeFilters },
              },
            });
            expect(response.statusCode, response.body).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 60 },
    );
    expect(await t.db.query('SELECT count(*)::int AS n FROM battery')).toEqual(before);
  }, 300_000);
});
