import {
  fromCompact,
  LIVE_VIEW_FIELDS,
  liveViewBatterySchema,
  liveViewCompactResponseSchema,
  liveViewResponseSchema,
} from '@cbm/contracts/live-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const BASE = '/api/v2/battery/BatteryLiveView';

describeEachDatabase('battery live view', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let blocked: string;
  let hamburg: number;
  let wien: number;
  const get = (url: string, cookie = admin, language = 'en') =>
    t.request({ url, cookie, headers: { 'accept-language': language } });
  const list = async (query: string) => {
    const response = await get(`${BASE}?operatingSiteId=${hamburg}${query}`);
    expect(response.statusCode).toBe(200);
    return liveViewResponseSchema.parse(response.json());
  };
  const change = (serial: string, payload: object, siteId = hamburg, language = 'en') =>
    t.request({
      method: 'POST',
      url: `${BASE}/${encodeURIComponent(serial)}?operatingSiteId=${siteId}`,
      payload,
      cookie: admin,
      headers: { 'accept-language': language },
    });
  const firstSerial = async (siteId: number, where = 'true') => {
    const [row] = await t.db.query<{ serial_number: string }>(
      `SELECT serial_number FROM battery WHERE operating_site_id = $1 AND ${where} ORDER BY serial_number LIMIT 1`,
      [siteId],
    );
    return row?.serial_number as string;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    blocked = await t.signIn('blocked@cbm.demo');
    const ids = await siteNodeIds(t, admin);
    hamburg = ids['Hamburg Hafen'] as number;
    wien = ids['Wien Süd'] as number;
  });
  afterAll(() => t.close());

  describe('GET …/BatteryLiveView', () => {
    it('gives every battery of the site by name, with its group, charger and error flags', async () => {
      const { batteries, totalCount } = await list('&offset=0&limit=99999');
      const rows = await t.db.query<{
        serial_number: string;
        current_error_code: string | null;
        recent_error: boolean;
        charger: string | null;
      }>(
        `SELECT b.serial_number, b.current_error_code, c.name AS charger,
                coalesce(b.last_error_at >= now() - interval '24 hours', false) AS recent_error
           FROM battery b LEFT JOIN charger c ON c.id = b.charger_id WHERE b.operating_site_id = $1`,
        [hamburg],
      );
      expect(totalCount).toBe(rows.length);
      expect(batteries).toHaveLength(rows.length);
      const names = batteries.map((battery) => battery.batteryName);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const bySerial = new Map(rows.map((row) => [row.serial_number, row]));
      for (const battery of batteries) {
        const row = bySerial.get(battery.batterySerialNumber);
        expect(battery.hasCurrentError).toBe(row?.current_error_code !== null);
        expect(battery.errorWithin24h).toBe(row?.recent_error);
        expect(battery.chargerName).toBe(row?.charger);
        if (battery.hasCurrentError) expect(battery.status).toBe('error');
      }
      expect(batteries.some((battery) => battery.groupId === null)).toBe(true);
      expect(batteries.some((battery) => battery.hasCurrentError)).toBe(true);
    });

    it('pages and searches by name or serial, ignoring case', async () => {
      const all = await list('');
      const page = await list('&offset=5&limit=10');
      expect(page.totalCount).toBe(all.totalCount);
      expect(page.batteries).toEqual(all.batteries.slice(5, 15));
      const beyond = await list('&offset=500&limit=10');
      expect(beyond).toEqual({ batteries: [], totalCount: all.totalCount });
      const serial = all.batteries[3]?.batterySerialNumber as string;
      const bySerial = await list(`&search=${serial.toLowerCase()}`);
      expect(bySerial.batteries.map((battery) => battery.batterySerialNumber)).toEqual([serial]);
      expect(await list('&search=%25')).toEqual({ batteries: [], totalCount: 0 });
      expect(await list('&search=no-such-battery')).toEqual({ batteries: [], totalCount: 0 });
    });

    it('also finds batteries by their state, in English and German', async () => {
      const all = await list('');
      const inError = all.batteries.filter((battery) => battery.status === 'error');
      expect(inError.length).toBeGreaterThan(0);
      for (const word of ['error', 'Fehler']) {
        const found = await list(`&search=${encodeURIComponent(word)}`);
        expect(found.batteries.map((battery) => battery.batterySerialNumber)).toEqual(
          inError.map((battery) => battery.batterySerialNumber),
        );
      }
    });

    it('gives the same batteries compact, as values in the order of its fields', async () => {
      for (const query of ['', '&offset=5&limit=10', '&offset=500&limit=10', '&search=error', '&search=no-such']) {
        const response = await get(`${BASE}?operatingSiteId=${hamburg}${query}&format=compact`);
        expect(response.statusCode, query).toBe(200);
        const compact = liveViewCompactResponseSchema.parse(response.json());
        expect(compact.fields).toEqual(LIVE_VIEW_FIELDS);
        expect(fromCompact(compact), query).toEqual(await list(query));
      }
      expect((await get(`${BASE}?operatingSiteId=${hamburg}&format=xml`)).statusCode).toBe(400);
    });

    it('answers 403 without the feature or site access, 404 for unknown sites, 400 for bad limits', async () => {
      expect((await get(`${BASE}?operatingSiteId=${hamburg}`, blocked)).statusCode).toBe(403);
      expect((await get(`${BASE}?operatingSiteId=${wien}`, operator)).statusCode).toBe(403);
      expect((await get(`${BASE}?operatingSiteId=999999`)).statusCode).toBe(404);
      expect((await get(`${BASE}?operatingSiteId=${hamburg}&limit=100000`)).statusCode).toBe(400);
      expect((await get(`${BASE}?operatingSiteId=${hamburg}&offset=-1`)).statusCode).toBe(400);
      expect((await get(`${BASE}?operatingSiteId=${hamburg}&search=${'x'.repeat(101)}`)).statusCode).toBe(400);
    });
  });

  describe('GET …/BatteryLiveView/{serial} and …/filters/batteries', () => {
    it("gives one battery of the site; another site's serial answers 404", async () => {
      const serial = await firstSerial(hamburg);
      const response = await get(`${BASE}/${serial}?operatingSiteId=${hamburg}`);
      expect(response.statusCode).toBe(200);
      expect(liveViewBatterySchema.parse(response.json()).batterySerialNumber).toBe(serial);
      const foreign = await get(`${BASE}/${await firstSerial(wien)}?operatingSiteId=${hamburg}`, admin, 'de');
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'batteries.notFound', message: expect.stringMatching(/Batterie/) });
      expect((await get(`${BASE}/nope?operatingSiteId=${hamburg}`)).statusCode).toBe(404);
    });

    it('suggests at most 20 batteries by name or serial', async () => {
      const response = await get(`${BASE}/filters/batteries?operatingSiteId=${hamburg}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveLength(20);
      const serial = await firstSerial(hamburg);
      const one = await get(`${BASE}/filters/batteries?operatingSiteId=${hamburg}&search=${serial}`);
      expect(one.json()).toEqual([{ batterySerialNumber: serial, batteryName: expect.any(String) }]);
      expect((await get(`${BASE}/filters/batteries?operatingSiteId=${wien}`, operator)).statusCode).toBe(403);
    });
  });

  describe('POST …/BatteryLiveView/{serial}', () => {
    it('moves a battery to a group and back to Ungrouped, and renames it', async () => {
      const serial = await firstSerial(hamburg, 'group_id IS NULL');
      const [group] = await t.db.query<{ id: number; name: string }>(
        'SELECT id, name FROM battery_group WHERE operating_site_id = $1 ORDER BY id LIMIT 1',
        [hamburg],
      );
      const moved = await change(serial, { groupId: group?.id });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ groupId: group?.id, groupName: group?.name });
      const ungrouped = await change(serial, { groupId: '' });
      expect(ungrouped.json()).toMatchObject({ groupId: null, groupName: null });
      const renamed = await change(serial, { batteryName: '  Forklift 7 ' });
      expect(renamed.json()).toMatchObject({ batteryName: 'Forklift 7', groupId: null });
      const audit = await t.db.query<{ action: string }>(
        `SELECT action FROM audit_entry WHERE entity_type = 'battery' AND entity_id = $1 ORDER BY id`,
        [serial],
      );
      expect(audit.map((entry) => entry.action)).toEqual([
        'battery.groupChanged',
        'battery.groupChanged',
        'battery.renamed',
      ]);
    });

    it("answers 404 for another site's group or battery and never touches them", async () => {
      const serial = await firstSerial(hamburg);
      const [foreignGroup] = await t.db.query<{ id: number }>(
        'SELECT id FROM battery_group WHERE operating_site_id = $1 LIMIT 1',
        [wien],
      );
      const toForeignGroup = await change(serial, { groupId: foreignGroup?.id });
      expect(toForeignGroup.statusCode).toBe(404);
      expect(toForeignGroup.json().code).toBe('batteryGroups.notFound');
      const foreignSerial = await firstSerial(wien);
      const before = await t.db.query('SELECT name, group_id FROM battery WHERE serial_number = $1', [foreignSerial]);
      expect((await change(foreignSerial, { batteryName: 'Stolen' })).statusCode).toBe(404);
      expect(await t.db.query('SELECT name, group_id FROM battery WHERE serial_number = $1', [foreignSerial])).toEqual(
        before,
      );
      expect((await change(serial, { groupId: 999999 })).statusCode).toBe(404);
    });

    it('refuses empty and over-long names, bad group ids and an empty body', async () => {
      const serial = await firstSerial(hamburg);
      const empty = await change(serial, { batteryName: ' ' }, hamburg, 'de');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual({ 'body.batteryName': ['Dieser Wert ist erforderlich'] });
      const long = await change(serial, { batteryName: 'b'.repeat(101) });
      expect(long.json().errors).toEqual({ 'body.batteryName': ['Use at most 100 characters'] });
      expect((await change(serial, { groupId: 'abc' })).statusCode).toBe(400);
      expect((await change(serial, { groupId: -3 })).statusCode).toBe(400);
      expect((await change(serial, {})).statusCode).toBe(400);
    });
  });
});
