import type { EventQuery } from '@cbm/contracts/events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import type { Queryable } from '../../db/database';
import { insertDeviceEvents, preparePartitions } from '../device-ingestion/device-history';
import type { EventRecord } from '../device-ingestion/event-listener';
import { eventRepository } from './event-repository';

const START = Date.parse('2026-06-01T00:00:00Z');
const EVENTS = 3_000;

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** Rows the plan read from device_event's partitions, over all loops. */
const eventRowsRead = (node: PlanNode): number =>
  (node['Relation Name']?.startsWith('device_event') ? node['Actual Rows'] * node['Actual Loops'] : 0) +
  (node.Plans ?? []).reduce((sum, child) => sum + eventRowsRead(child), 0);

/**
 * Issue 47: on a fresh demo the heaviest Events query took 1.3-1.5 s on PGlite. PGlite has no autovacuum, so the
 * event partitions were never analysed; planned for one row each, the page's rows were joined back to the events by
 * a nested loop over all of them (1,256,491 rows removed by its join filter for a page of 20). A page must read
 * about its own rows, whatever the statistics say.
 */
describeEachDatabase('an event page on partitions never analysed', (kind) => {
  let t: TestApp;
  let sites: number[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const rows = await t.db.query<{ id: number }>('SELECT id FROM operating_site ORDER BY id');
    sites = rows.map((row) => row.id);
    const records: EventRecord[] = Array.from({ length: EVENTS }, (_, n) => ({
      deviceClass: 'battery',
      serialNumber: `STATS-${n % 7}`,
      operatingSiteId: sites[n % sites.length] as number,
      ts: new Date(START + n * 60_000),
      event: {
        seq: n,
        ts: new Date(START + n * 60_000).toISOString(),
        type: 'info',
        code: 'I100',
        description: 'x',
        active: true,
      },
    }));
    await preparePartitions(t.db, [new Date(START)]);
    await insertDeviceEvents(t.db, records);
  }, 300_000);
  afterAll(() => t.close());

  it("reads about the page's rows of device_event, not all of them", async () => {
    const statements: { sql: string; params: unknown[] }[] = [];
    const recording: Queryable = {
      query: (sql, params = []) => {
        statements.push({ sql, params });
        return t.db.query(sql, params);
      },
      execScript: (sql) => t.db.execScript(sql),
    };
    const input: EventQuery = {
      from: new Date(START - 86_400_000).toISOString(),
      to: new Date(START + 30 * 86_400_000).toISOString(),
      max: 20,
      orderBy: 'Timestamp',
      offset: 0,
      orderByDescending: true,
      operatingSiteIds: sites,
      filter: { attributeFilters: [] },
    };
    const page = await eventRepository(recording).page('battery', input, 'en');
    expect(page.events).toHaveLength(20);
    const statement = statements.find((entry) => entry.sql.includes('LEFT JOIN LATERAL')) as (typeof statements)[0];
    const [explained] = await t.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`,
      statement.params,
    );
    const plan = explained?.['QUERY PLAN'][0].Plan as PlanNode;
    expect(eventRowsRead(plan)).toBeLessThan(500);
  });
});
