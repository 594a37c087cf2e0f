import { type EventPage, type EventQuery, eventPageSchema } from '@cbm/contracts/events';
import { DEMO_ACCOUNTS } from '@cbm/demo-fixtures/demo-users';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { insertDeviceEvents, preparePartitions } from '../device-ingestion/device-history';
import type { EventRecord } from '../device-ingestion/event-listener';
import { eventRepository } from './event-repository';

const HOUR_MS = 3_600_000;
const START = Date.parse('2026-07-20T00:00:00Z');
const at = (hours: number) => new Date(START + hours * HOUR_MS).toISOString();
const TYPES = ['warning', 'info', 'error', 'limit'] as const;
const FILTERS = [
  { name: 'EventType', values: ['warning', 'error'] },
  { name: 'SOC', min: 20, max: 80 },
];

/** 40 hours of events, some hours empty, on hour boundaries too; types and SoC spread, SoC missing in some. */
function testEvents(site: number, hours: number, firstSeq: number): EventRecord[] {
  const records: EventRecord[] = [];
  let seq = firstSeq;
  for (let hour = 0; hour < hours; hour++) {
    const count = hour % 6 === 4 ? 0 : ((hour * 37) % 90) * 3;
    for (let i = 0; i < count; i++) {
      seq += 1;
      const ms = i === 0 ? 0 : i === 1 ? HOUR_MS - 1 : (i * 104_729) % HOUR_MS;
      const ts = new Date(START + hour * HOUR_MS + ms);
      records.push({
        deviceClass: 'battery',
        serialNumber: `FDP-${i % 3}`,
        operatingSiteId: site,
        ts,
        event: {
          seq,
          ts: ts.toISOString(),
          type: TYPES[(seq * 7) % 4] as (typeof TYPES)[number],
          code: `F${seq}`,
          description: 'Filtered deep',
          active: true,
          ...(seq % 11 !== 0 && { attributes: { SOC: (seq * 13) % 101 } }),
        },
      });
    }
  }
  return records;
}

describeEachDatabase('filtered event pages at any depth', (kind) => {
  let t: TestApp;
  let site: number;

  /** The rows by plain ORDER BY … OFFSET with the same filters, as ids like the API's. */
  const naive = async (query: EventQuery) => {
    const direction = query.orderByDescending ? 'DESC' : 'ASC';
    const rows = await t.db.query<{ id: string }>(
      `SELECT serial_number || '|' || seq || '|' || to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS id
         FROM device_event
        WHERE device_class = 'battery' AND operating_site_id = $1 AND ts >= $2 AND ts < $3
          AND type IN ('warning', 'error') AND (attributes->>'SOC')::float8 BETWEEN 20 AND 80
        ORDER BY ts ${direction}, serial_number ${direction}, seq ${direction}`,
      [site, query.from, query.to],
    );
    return rows.map((row) => row.id);
  };

  const query = (from: string, to: string, orderByDescending: boolean, offset: number, max: number): EventQuery => ({
    from,
    to,
    max,
    offset,
    orderBy: 'Timestamp',
    orderByDescending,
    operatingSiteIds: [site],
    filter: { attributeFilters: FILTERS },
  });

  /** Every page the same as plain offsets; a total that is exact or a lower bound past the page. */
  const expectPlainOffsets = async (page: (input: EventQuery) => Promise<EventPage>, label: string) => {
    const ranges = [
      [at(0), at(40)],
      [at(1.37), at(33.5)],
      [at(10), at(11)],
    ] as const;
    for (const [from, to] of ranges) {
      for (const descending of [true, false]) {
        const expected = await naive(query(from, to, descending, 0, 1));
        const total = expected.length;
        const offsets = [0, 1, 20, 57, 133, 400, 611, 1_111, total - 21, total - 1, total, total + 5];
        for (const offset of new Set(offsets.filter((value) => value >= 0))) {
          for (const max of [20, 7]) {
            const answer = await page(query(from, to, descending, offset, max));
            const context = `${label} ${from}–${to} ${descending ? 'desc' : 'asc'} offset ${offset} max ${max}`;
            expect(
              answer.events.map((event) => event.id),
              context,
            ).toEqual(expected.slice(offset, offset + max));
            if (answer.totalCountIsLowerBound) expect(answer.totalCount, context).toBeLessThan(total);
            else expect(answer.totalCount, context).toBe(total);
          }
        }
      }
    }
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [row] = await t.db.query<{ id: number }>('SELECT min(operating_site_id) AS id FROM battery');
    site = row?.id as number;
    await preparePartitions(t.db, [new Date(START)]);
    await insertDeviceEvents(t.db, testEvents(site, 40, 0));
  }, 300_000);
  afterAll(() => t.close());

  it('answers every page like plain offsets, cold and from the hours it learnt, in both directions', async () => {
    const repository = eventRepository(t.db, { minOffset: 0, countBudget: 300 });
    const page = (input: EventQuery) => repository.page('battery', input, 'en');
    await expectPlainOffsets(page, 'cold');
    await expectPlainOffsets(page, 'learnt');
  }, 240_000);

  it('counts an hour again once its events changed, so new events move the pages', async () => {
    const repository = eventRepository(t.db, { minOffset: 0, countBudget: 300 });
    const page = (input: EventQuery) => repository.page('battery', input, 'en');
    await expectPlainOffsets(page, 'before');
    const more = testEvents(site, 40, 100_000).filter((_, i) => i % 5 === 0);
    await insertDeviceEvents(t.db, more);
    await expectPlainOffsets(page, 'after');
  }, 240_000);

  it('jumps deep through the API and continues with the seek token', async () => {
    const cookie = await t.signIn(DEMO_ACCOUNTS.admin);
    const expected = await naive(query(at(0), at(40), true, 0, 1));
    const post = async (body: object) => {
      const response = await t.request({ method: 'POST', url: '/api/v2/battery/Events', payload: body, cookie });
      expect(response.statusCode, response.body).toBe(200);
      return eventPageSchema.parse(response.json());
    };
    const body = {
      from: at(0),
      to: at(40),
      operatingSiteIds: [site],
      max: 20,
      batteryEventFilter: { attributeFilters: FILTERS },
    };
    for (const offset of [1_000, 1_020, 1_000]) {
      const answer = await post({ ...body, offset });
      expect(answer.events.map((event) => event.id)).toEqual(expected.slice(offset, offset + 20));
      const next = await post({ ...body, offset: offset + 20, seek: answer.seek });
      expect(next.events.map((event) => event.id)).toEqual(expected.slice(offset + 20, offset + 40));
    }
  });
});
