import { type EventPage, eventPageSchema } from '@cbm/contracts/events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { insertDeviceEvents, preparePartitions } from '../device-ingestion/device-history';
import type { EventRecord } from '../device-ingestion/event-listener';

const HOUR_MS = 3_600_000;
const START = Date.parse('2026-07-10T00:00:00Z');
const at = (hours: number) => new Date(START + hours * HOUR_MS).toISOString();

/**
 * Events over 30 hours before the demo history, some hours empty: on exact hour boundaries and a millisecond
 * either side, several batteries at one instant and one battery's several events at one instant.
 */
function testEvents(sites: readonly number[]): EventRecord[] {
  const records: EventRecord[] = [];
  let seq = 0;
  const add = (siteIndex: number, serial: string, ms: number, deviceClass: 'battery' | 'mdload' = 'battery') => {
    seq += 1;
    records.push({
      deviceClass,
      serialNumber: serial,
      operatingSiteId: sites[siteIndex] as number,
      ts: new Date(START + ms),
      event: {
        seq,
        ts: new Date(START + ms).toISOString(),
        type: 'info',
        code: `D${seq}`,
        description: 'Deep',
        active: true,
      },
    });
  };
  for (let hour = 0; hour < 30; hour++) {
    if (hour % 7 === 3) continue;
    const base = hour * HOUR_MS;
    for (const ms of [0, 1, HOUR_MS - 1]) add(hour % 2, `DEEP-${hour % 3}`, base + ms);
    for (let i = 0; i < (hour * 5) % 13; i++) add(i % 2, `DEEP-${i % 4}`, base + ((i * 977_003) % HOUR_MS));
    for (const serial of ['DEEP-A', 'DEEP-B', 'DEEP-C']) add(0, serial, base + 1_800_000);
    add(1, 'DEEP-A', base + 1_800_000);
    add(1, 'DEEP-A', base + 1_800_000);
    add(2, 'DEEP-X', base + 600_000);
    add(0, 'DEEP-M', base + 600_000, 'mdload');
  }
  return records;
}

describeEachDatabase('event pages at any depth', (kind) => {
  let t: TestApp;
  let admin: string;
  let sites: number[];

  const page = async (body: object): Promise<EventPage> => {
    const response = await t.request({ method: 'POST', url: '/api/v2/battery/Events', payload: body, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    return eventPageSchema.parse(response.json());
  };

  /** The rows by plain ORDER BY … OFFSET, as ids like the API's. */
  const naive = async (siteIds: number[], from: string, to: string, descending: boolean) => {
    const direction = descending ? 'DESC' : 'ASC';
    const rows = await t.db.query<{ id: string }>(
      `SELECT serial_number || '|' || seq || '|' || to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS id
         FROM device_event
        WHERE device_class = 'battery' AND operating_site_id = ANY($1::int[]) AND ts >= $2 AND ts < $3
        ORDER BY ts ${direction}, serial_number ${direction}, seq ${direction}`,
      [siteIds, from, to],
    );
    return rows.map((row) => row.id);
  };

  const countsMatchEvents = async () => {
    const differences = await t.db.query(
      `SELECT device_class, operating_site_id, hour, sum(n) FROM (
         SELECT device_class, operating_site_id, hour, events AS n FROM event_count_hour
         UNION ALL
         SELECT device_class, operating_site_id, event_hour(ts), -count(*) FROM device_event GROUP BY 1, 2, 3
       ) AS both_sides GROUP BY 1, 2, 3 HAVING sum(n) <> 0`,
    );
    expect(differences).toEqual([]);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    const rows = await t.db.query<{ id: number }>(
      'SELECT DISTINCT operating_site_id AS id FROM battery ORDER BY 1 LIMIT 3',
    );
    sites = rows.map((row) => row.id);
    const records = testEvents(sites);
    await preparePartitions(t.db, [new Date(START)]);
    await insertDeviceEvents(t.db, records.slice(0, 200));
    await insertDeviceEvents(t.db, records.slice(150));
  }, 300_000);
  afterAll(() => t.close());

  it('keeps the hour counts equal to the events through inserts, redeliveries, updates and deletes', async () => {
    await countsMatchEvents();
    await t.db.query("UPDATE device_event SET ts = ts + interval '90 minutes' WHERE serial_number = 'DEEP-C'");
    await t.db.query("DELETE FROM device_event WHERE serial_number = 'DEEP-B' AND ts < $1", [at(12)]);
    await countsMatchEvents();
  });

  it('answers every page like plain offsets, in both directions, for one and several sites', async () => {
    const ranges = [
      [at(0), at(30)],
      [at(2.2871), at(27.5)],
      [at(5), at(6)],
      [at(9.75), at(10.5)],
      [at(10.4), at(10.6)],
      [at(6.5), at(6.5)],
    ] as const;
    for (const siteIds of [[sites[0] as number], sites.slice(0, 2)]) {
      for (const [from, to] of ranges) {
        for (const descending of [true, false]) {
          const expected = await naive(siteIds, from, to, descending);
          const total = expected.length;
          const offsets = [0, 1, 19, 20, 37, 100, 137, total - 21, total - 20, total - 1, total, total + 5];
          for (const offset of new Set(offsets.filter((value) => value >= 0))) {
            for (const max of [20, 7]) {
              const answer = await page({
                from,
                to,
                operatingSiteIds: siteIds,
                orderByDescending: descending,
                offset,
                max,
              });
              const context = `${siteIds} ${from}–${to} ${descending ? 'desc' : 'asc'} offset ${offset} max ${max}`;
              expect(
                answer.events.map((event) => event.id),
                context,
              ).toEqual(expected.slice(offset, offset + max));
              expect([answer.totalCount, answer.totalCountIsLowerBound], context).toEqual([total, false]);
            }
          }
        }
      }
    }
  }, 180_000);

  it('answers the same rows with a seek token as without', async () => {
    const body = { from: at(0), to: at(30), operatingSiteIds: sites.slice(0, 2), max: 20 };
    const first = await page(body);
    const second = await page({ ...body, offset: 20, seek: first.seek });
    expect(second).toEqual(await page({ ...body, offset: 20 }));
  });
});
