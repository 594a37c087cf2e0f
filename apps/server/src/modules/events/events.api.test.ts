import { type EventPage, eventColumnsSchema, eventPageSchema } from '@cbm/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInScopedAdmin, siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { insertTestEvents, insertTextEvents, TEST_WINDOW, TEXT_WINDOW, type TestEvent } from './test/events-test-data';

describeEachDatabase('event queries', (kind) => {
  let t: TestApp;
  let admin: string;
  let site: number;
  let otherSite: number;
  let serial: string;
  let events: TestEvent[];
  const newestFirst = () => [...events].sort((a, b) => b.ts.localeCompare(a.ts));

  const query = (body: object, cookie = admin, language = 'en', url = '/api/v2/battery/Events') =>
    t.request({ method: 'POST', url, payload: body, cookie, headers: { 'accept-language': language } });
  const page = async (body: object): Promise<EventPage> => {
    const response = await query({ ...TEST_WINDOW, operatingSiteIds: [site], ...body });
    expect(response.statusCode, response.body).toBe(200);
    return eventPageSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    const ids = await siteNodeIds(t, admin);
    site = ids['Hamburg Hafen'] as number;
    otherSite = ids['Wien Süd'] as number;
    const [battery] = await t.db.query<{ serial_number: string }>(
      'SELECT serial_number FROM battery WHERE operating_site_id = $1 ORDER BY serial_number LIMIT 1',
      [site],
    );
    const [unit] = await t.db.query<{ mdload_serial: string }>(
      'SELECT mdload_serial FROM mdload_unit WHERE operating_site_id = $1 LIMIT 1',
      [site],
    );
    serial = battery?.serial_number as string;
    events = await insertTestEvents(t.db, site, serial, unit?.mdload_serial ?? 'MDL-TEST');
    await insertTextEvents(t.db, site, serial);
  }, 300_000);
  afterAll(() => t.close());

  it('lists every filterable attribute of the product as a column, the default ones with a priority ≥ 0', async () => {
    const battery = eventColumnsSchema.parse(
      (await t.request({ url: '/api/v2/battery/Events/columns', cookie: admin })).json(),
    );
    expect(battery.find((column) => column.fieldName === 'Timestamp')?.defaultPrio).toBe(0);
    expect(battery.map((column) => column.fieldName)).toEqual(
      expect.arrayContaining(['SOC', 'ProductionDate', 'Tray']),
    );
    expect(battery.some((column) => column.fieldName === 'MdLoadSerial')).toBe(false);
    const mdload = eventColumnsSchema.parse(
      (await t.request({ url: '/api/v2/mdload/MdloadEvents/columns', cookie: admin })).json(),
    );
    expect(mdload.find((column) => column.fieldName === 'MdLoadSerial')?.defaultPrio).toBe(1);
  });

  it('answers 20 events a page, newest first, with the default columns and battery fields', async () => {
    const first = await page({});
    expect(first.events).toHaveLength(20);
    expect(first.totalCount).toBe(45);
    expect(first.totalCountIsLowerBound).toBe(false);
    expect(first.events.map((event) => event.values.Timestamp)).toEqual(
      newestFirst()
        .slice(0, 20)
        .map((e) => e.ts),
    );
    expect(Object.keys(first.events[0]?.values ?? {})).toEqual([
      'Timestamp',
      'BatterySerialNumber',
      'EventType',
      'ErrorCode',
      'ErrorDescription',
      'ErrorCategory',
      'Event',
      'SOC',
      'StackVoltage',
      'BatteryType',
    ]);
    expect(first.events[0]?.values.BatterySerialNumber).toBe(serial);
    expect(typeof first.events[0]?.values.BatteryType).toBe('string');
  });

  it('filters by two attributes: an enumeration and a number range', async () => {
    const expected = newestFirst().filter((e) => e.type === 'warning' && e.soc !== null && e.soc >= 40 && e.soc <= 80);
    const result = await page({
      batteryEventFilter: {
        attributeFilters: [
          { name: 'EventType', values: ['warning'] },
          { name: 'SOC', min: 40, max: 80 },
        ],
      },
    });
    expect(result.totalCount).toBe(expected.length);
    expect(result.events.map((event) => event.values.SOC)).toEqual(expected.map((e) => e.soc));
  });

  it('matches text literally, ignoring case (% and _ are no wildcards)', async () => {
    const hits = await page({
      batteryEventFilter: { attributeFilters: [{ name: 'ErrorDescription', text: '100% _DONE_' }] },
    });
    expect(hits.totalCount).toBe(45);
    const none = await page({ batteryEventFilter: { attributeFilters: [{ name: 'ErrorDescription', text: '1_0%' }] } });
    expect(none.totalCount).toBe(0);
  });

  it("answers device texts in the reader's language, a code the catalogue lacks in the device's words", async () => {
    const texts = async (language: string) => {
      const body = { ...TEXT_WINDOW, operatingSiteIds: [site] };
      const response = await query(body, admin, language);
      expect(response.statusCode, response.body).toBe(200);
      return eventPageSchema.parse(response.json()).events.map((event) => event.values);
    };
    expect(await texts('de-DE,de;q=0.9')).toMatchObject([
      { ErrorCode: 'X999', ErrorDescription: 'Vendor specific fault', ErrorCategory: 'SOC' },
      { ErrorCode: 'W201', ErrorDescription: 'Niedriger Ladezustand', ErrorCategory: 'Ladezustand' },
    ]);
    expect((await texts('en'))[1]).toMatchObject({
      ErrorCode: 'W201',
      ErrorDescription: 'Low state of charge',
      ErrorCategory: 'SOC',
    });
  });

  it('filters device texts as the reader sees them', async () => {
    const codes = async (language: string, name: string, text: string) => {
      const body = {
        ...TEXT_WINDOW,
        operatingSiteIds: [site],
        batteryEventFilter: { attributeFilters: [{ name, text }] },
      };
      const response = await query(body, admin, language);
      expect(response.statusCode, response.body).toBe(200);
      return eventPageSchema.parse(response.json()).events.map((event) => event.values.ErrorCode);
    };
    expect(await codes('de', 'ErrorDescription', 'ladezustand')).toEqual(['W201']);
    expect(await codes('de', 'ErrorDescription', 'state of charge')).toEqual([]);
    expect(await codes('en', 'ErrorDescription', 'state of charge')).toEqual(['W201']);
    expect(await codes('de', 'ErrorDescription', 'vendor')).toEqual(['X999']);
    expect(await codes('de', 'ErrorCategory', 'SOC')).toEqual(['X999']);
  });

  it('continues a page after the previous one (seek) with the same rows as plain offsets, in any order', async () => {
    for (const order of [{}, { orderBy: 'SOC', orderByDescending: false }, { orderBy: 'ErrorCode' }]) {
      const plain = [
        await page({ ...order }),
        await page({ ...order, offset: 20 }),
        await page({ ...order, offset: 40 }),
      ];
      const second = await page({ ...order, offset: 20, seek: plain[0]?.seek });
      const third = await page({ ...order, offset: 40, seek: second.seek });
      expect(second.events).toEqual(plain[1]?.events);
      expect(third.events).toEqual(plain[2]?.events);
      expect(third.events).toHaveLength(5);
    }
    const ascending = await page({ orderBy: 'SOC', orderByDescending: false, max: 45 });
    const socs = ascending.events.map((event) => event.values.SOC);
    expect(socs.slice(0, 40)).toEqual([...socs.slice(0, 40)].sort((a, b) => Number(a) - Number(b)));
    expect(socs.slice(40)).toEqual([null, null, null, null, null]);
  });

  it('ignores a seek token of another query and refuses a forged one', async () => {
    const other = await page({ batteryEventFilter: { attributeFilters: [{ name: 'EventType', values: ['info'] }] } });
    const result = await page({ offset: 20, seek: other.seek });
    expect(result.events[0]?.values.Timestamp).toBe(newestFirst()[20]?.ts);
    const forged = Buffer.from(
      JSON.stringify({ v: 1, q: 'x', o: 0, k: [null, "'; DROP TABLE battery; --", 'a', '1'] }),
    );
    const refused = await query({ ...TEST_WINDOW, operatingSiteIds: [site], seek: forged.toString('base64url') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('events.invalidSeek');
  });

  it('answers 400 with an actionable message for unknown attributes, columns and sort columns', async () => {
    const cases = [
      { batteryEventFilter: { attributeFilters: [{ name: 'SOC; DROP TABLE battery', min: 1 }] } },
      { batteryEventFilter: { columns: ['Timestamp', 'Password'], attributeFilters: [] } },
      { orderBy: 'pg_sleep(10)' },
      { batteryEventFilter: { attributeFilters: [{ name: 'MdLoadSerial', text: 'x' }] } },
    ];
    for (const body of cases) {
      const response = await query({ ...TEST_WINDOW, operatingSiteIds: [site], ...body }, admin, 'de');
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('events.unknownAttribute');
      expect(response.json().message).toMatch(/ist kein bekanntes Ereignisattribut/);
    }
    const wrongKind = await query({
      ...TEST_WINDOW,
      operatingSiteIds: [site],
      batteryEventFilter: { attributeFilters: [{ name: 'SOC', text: 'high' }] },
    });
    expect(wrongKind.json()).toMatchObject({ statusCode: 400, code: 'events.invalidFilter' });
    const badValue = await query({
      ...TEST_WINDOW,
      operatingSiteIds: [site],
      batteryEventFilter: { attributeFilters: [{ name: 'EventType', values: ['fatal'] }] },
    });
    expect(badValue.json().message).toBe(
      '“fatal” is not a value of EventType. Choose from: error, warning, limit, info.',
    );
  });

  it('answers 400 for inverted time and attribute ranges', async () => {
    const time = await query({ from: TEST_WINDOW.to, to: TEST_WINDOW.from, operatingSiteIds: [site] });
    expect(time.json()).toMatchObject({
      statusCode: 400,
      code: 'events.invertedRange',
      message: 'The start of the time range (from) must not be after its end (to).',
    });
    const range = await query(
      {
        ...TEST_WINDOW,
        operatingSiteIds: [site],
        batteryEventFilter: { attributeFilters: [{ name: 'SOC', min: 80, max: 20 }] },
      },
      admin,
      'de',
    );
    expect(range.json()).toMatchObject({ statusCode: 400, code: 'events.invertedRange' });
    expect(range.json().message).toContain('Der kleinste Wert (min)');
    const date = await query({
      ...TEST_WINDOW,
      operatingSiteIds: [site],
      batteryEventFilter: { attributeFilters: [{ name: 'ProductionDate', min: '2026-02-30' }] },
    });
    expect(date.json().code).toBe('events.invalidFilter');
    const badTime = await query({ from: 'yesterday', to: TEST_WINDOW.to, operatingSiteIds: [site] });
    expect(badTime.statusCode).toBe(400);
  });

  describe('sites and permissions', () => {
    let scoped: string;
    beforeAll(async () => {
      const ids = await siteNodeIds(t, admin);
      scoped = await signInScopedAdmin(t, {
        email: 'nordlicht-events@cbm.test',
        features: ['cbm_filter', 'cbm_mdevent'],
        manages: [ids['Nordlicht Logistik GmbH'] as number],
      });
    });

    it('answers 404 for a site of another organisation, an unknown site, and any list that holds one', async () => {
      expect((await query({ ...TEST_WINDOW, operatingSiteIds: [site] }, scoped)).statusCode).toBe(200);
      for (const ids of [[otherSite], [999_999], [site, otherSite]]) {
        const response = await query({ ...TEST_WINDOW, operatingSiteIds: ids }, scoped);
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe('sites.notFound');
      }
    });

    it('answers 403 without the feature, and for charger-station events without the Event permission', async () => {
      const operator = await t.signIn('operator@cbm.demo');
      expect((await query({ ...TEST_WINDOW, operatingSiteIds: [site] }, operator)).statusCode).toBe(403);
      const mdload = await query(
        { ...TEST_WINDOW, operatingSiteIds: [site] },
        scoped,
        'en',
        '/api/v2/mdload/MdloadEvents',
      );
      expect(mdload.statusCode).toBe(403);
    });
  });

  it('answers charger-station events with mdloadEventFilter', async () => {
    const response = await query(
      {
        ...TEST_WINDOW,
        operatingSiteIds: [site],
        mdloadEventFilter: { attributeFilters: [{ name: 'EventType', values: ['warning', 'error'] }] },
      },
      admin,
      'en',
      '/api/v2/mdload/MdloadEvents',
    );
    const result = eventPageSchema.parse(response.json());
    expect(result.totalCount).toBe(3);
    expect(result.events.every((event) => String(event.values.ErrorCode).startsWith('M'))).toBe(true);
    expect(Object.keys(result.events[0]?.values ?? {})).toContain('MdLoadSerial');
  });
});
