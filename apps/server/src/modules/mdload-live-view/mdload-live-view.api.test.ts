import { topicFor } from '@cbm/contracts/device-protocol';
import { apiPath } from '@cbm/contracts/endpoint';
import { mdloadLiveViewEndpoints } from '@cbm/contracts/endpoints/mdload-live-view';
import { SILENT_AFTER_MINUTES } from '@cbm/contracts/fleet-health';
import {
  type MdloadLiveViewResponse,
  mdloadLiveViewResponseSchema,
  mdloadUnitSchema,
} from '@cbm/contracts/mdload-live-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, json } from '../../../test/mqtt-devices';
import { signInStationUsers, siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const BASE = apiPath(mdloadLiveViewEndpoints.list);

describeEachDatabase('charger-station live view', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let stations: string;
  let noPermission: string;
  let hamburg: number;
  let wien: number;
  const get = (url: string, cookie = admin, language = 'en') =>
    t.request({ url, cookie, headers: { 'accept-language': language } });
  const post = (url: string, payload: object, cookie = admin, language = 'en') =>
    t.request({ method: 'POST', url, payload, cookie, headers: { 'accept-language': language } });
  const list = async (siteId = hamburg): Promise<MdloadLiveViewResponse> => {
    const response = await get(`${BASE}?operatingSiteId=${siteId}`);
    expect(response.statusCode).toBe(200);
    return mdloadLiveViewResponseSchema.parse(response.json());
  };
  const stationsOf = (view: MdloadLiveViewResponse) =>
    view.units.flatMap((unit) => unit.chargingStationGroups.flatMap((group) => group.chargingStations));
  const auditOf = (serial: string) =>
    t.db.query<{ action: string; previous_value: unknown; new_value: unknown }>(
      `SELECT action, previous_value, new_value FROM audit_entry WHERE entity_type = 'chargingStation'
        AND entity_id = $1 ORDER BY id`,
      [serial],
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ admin, operator, stations, noPermission, hamburg, wien } = await signInStationUsers(t, 'cbm_mdliveview'));
  }, 300_000);
  afterAll(() => t.close());

  describe('GET …/MdLoadLiveView', () => {
    it('gives each unit of the site with its groups, stations, assigned chargers and the site’s chargers', async () => {
      const view = await list();
      expect(view.units).toHaveLength(1);
      const [unit] = view.units;
      expect(unit).toMatchObject({ mdLoadSerial: 'MDL-0001', status: 'not connected', powerKw: null });
      expect(unit?.chargingStationGroups.map((group) => group.name)).toEqual(['Hall 1', 'Hall 2']);
      const all = stationsOf(view);
      expect(all.every((station) => station.serialNumber.startsWith('MDL-0001-S'))).toBe(true);
      expect(all.filter((station) => station.charger !== null)).toHaveLength(5);
      const chargerSites = await t.db.query<{ id: number }>('SELECT id FROM charger WHERE operating_site_id = $1', [
        hamburg,
      ]);
      expect(view.chargers.map((charger) => charger.id).sort()).toEqual(chargerSites.map((row) => row.id).sort());
    });

    it('answers an empty list for a site without units', async () => {
      const ids = await siteNodeIds(t, admin);
      expect((await list(ids['Linz Hafen'] as number)).units).toEqual([]);
    });

    it('needs the feature, the site and the LiveView permission there', async () => {
      expect((await get(`${BASE}?operatingSiteId=${hamburg}`, stations)).statusCode).toBe(200);
      expect((await get(`${BASE}?operatingSiteId=${hamburg}`, operator)).statusCode).toBe(403);
      expect((await get(`${BASE}?operatingSiteId=${hamburg}`, noPermission)).statusCode).toBe(403);
      expect((await get(`${BASE}?operatingSiteId=${wien}`, stations)).statusCode).toBe(403);
      const unknown = await get(`${BASE}?operatingSiteId=987654`, admin, 'de');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({
        code: 'sites.notFound',
        message: 'Die Betriebsstätte 987654 gibt es nicht.',
      });
      expect((await get(`${BASE}?operatingSiteId=abc`)).statusCode).toBe(400);
    });
  });

  describe('GET …/csv', () => {
    it('writes one line per station, Excel-friendly in English and German', async () => {
      const view = await list();
      const count = stationsOf(view).length;
      const en = await get(`${BASE}/csv?operatingSiteId=${hamburg}`);
      expect(en.statusCode).toBe(200);
      expect(en.headers['content-type']).toContain('text/csv');
      expect(en.headers['content-disposition']).toContain('charger-stations.csv');
      expect(en.body.startsWith('\uFEFFCharger-station unit,Unit serial number,Unit state')).toBe(true);
      const enLines = en.body.trimEnd().split('\r\n');
      expect(enLines).toHaveLength(count + 1);
      expect(enLines[1]).toContain('MDL-0001,not connected,,');
      const de = await get(`${BASE}/csv?operatingSiteId=${hamburg}`, admin, 'de');
      expect(de.body.startsWith('\uFEFFLadestationseinheit;Seriennummer der Einheit;Zustand der Einheit')).toBe(true);
      expect(de.body).toContain('MDL-0001;nicht verbunden;;');
      expect((await get(`${BASE}/csv?operatingSiteId=${hamburg}`, operator)).statusCode).toBe(403);
    });
  });

  describe('POST …/{stationId}/charger and …/{stationId}/group', () => {
    it('assigns a free charger, moves a taken one, takes it away again, and audits each change', async () => {
      const view = await list();
      const all = stationsOf(view);
      const free = view.chargers.find((charger) => !all.some((station) => station.charger?.id === charger.id));
      const target = all.find((station) => station.charger === null);
      const holder = all.find((station) => station.charger !== null);
      if (!free || !target || !holder?.charger) throw new Error('demo data changed');

      const assigned = await post(`${BASE}/${target.id}/charger?operatingSiteId=${hamburg}`, { chargerId: free.id });
      expect(assigned.statusCode).toBe(200);
      const unit = mdloadUnitSchema.parse(assigned.json());
      const after = unit.chargingStationGroups.flatMap((group) => group.chargingStations);
      expect(after.find((station) => station.id === target.id)?.charger?.id).toBe(free.id);

      const taken = holder.charger;
      const moved = mdloadUnitSchema.parse(
        (
          await post(`${BASE}/${target.id}/charger?operatingSiteId=${hamburg}`, { chargerId: taken.id }, stations)
        ).json(),
      );
      const movedStations = moved.chargingStationGroups.flatMap((group) => group.chargingStations);
      expect(movedStations.find((station) => station.id === target.id)?.charger?.id).toBe(taken.id);
      expect(movedStations.find((station) => station.id === holder.id)?.charger).toBeNull();

      const removed = await post(`${BASE}/${target.id}/charger?operatingSiteId=${hamburg}`, { chargerId: null });
      expect(stationsOf({ units: [removed.json()], chargers: [] }).find((s) => s.id === target.id)?.charger).toBeNull();

      expect(await auditOf(target.serialNumber)).toEqual([
        {
          action: 'chargingStation.chargerAssigned',
          previous_value: { chargerName: null },
          new_value: { chargerName: free.name },
        },
        {
          action: 'chargingStation.chargerAssigned',
          previous_value: { chargerName: free.name },
          new_value: { chargerName: taken.name },
        },
        {
          action: 'chargingStation.chargerAssigned',
          previous_value: { chargerName: taken.name },
          new_value: { chargerName: null },
        },
      ]);
      expect(await auditOf(holder.serialNumber)).toEqual([
        {
          action: 'chargingStation.chargerAssigned',
          previous_value: { chargerName: taken.name },
          new_value: { chargerName: null },
        },
      ]);
      const again = await post(`${BASE}/${target.id}/charger?operatingSiteId=${hamburg}`, { chargerId: null });
      expect(again.statusCode).toBe(200);
      expect(await auditOf(target.serialNumber)).toHaveLength(3);
    });

    it('moves a station to another group of its unit', async () => {
      const view = await list();
      const [hall1, hall2] = view.units[0]?.chargingStationGroups ?? [];
      const station = hall1?.chargingStations[0];
      if (!hall2 || !station) throw new Error('demo data changed');
      const response = await post(`${BASE}/${station.id}/group?operatingSiteId=${hamburg}`, { groupId: hall2.id });
      expect(response.statusCode).toBe(200);
      const groups = mdloadUnitSchema.parse(response.json()).chargingStationGroups;
      expect(groups[1]?.chargingStations.map((s) => s.id)).toContain(station.id);
      expect(groups[0]?.chargingStations.map((s) => s.id)).not.toContain(station.id);
      const entries = await auditOf(station.serialNumber);
      expect(entries.filter((entry) => entry.action === 'chargingStation.groupChanged')).toEqual([
        {
          action: 'chargingStation.groupChanged',
          previous_value: { groupName: 'Hall 1' },
          new_value: { groupName: 'Hall 2' },
        },
      ]);
    });

    it('answers 404 for stations, chargers and groups of another site or unit, and touches nothing', async () => {
      const here = await list();
      const there = await list(wien);
      const station = stationsOf(here)[0];
      const foreignStation = stationsOf(there)[0];
      const foreignGroup = there.units[0]?.chargingStationGroups[0];
      const foreignCharger = there.chargers[0];
      if (!station || !foreignStation || !foreignGroup || !foreignCharger) throw new Error('demo data changed');
      const url = (id: number, what: string) => `${BASE}/${id}/${what}?operatingSiteId=${hamburg}`;

      const wrongStation = await post(url(foreignStation.id, 'charger'), { chargerId: null }, admin, 'de');
      expect(wrongStation.statusCode).toBe(404);
      expect(wrongStation.json()).toMatchObject({
        code: 'mdload.stationNotFound',
        message: `Ladestation ${foreignStation.id} wurde an dieser Betriebsstätte nicht gefunden.`,
      });
      expect((await post(url(foreignStation.id, 'group'), { groupId: foreignGroup.id })).statusCode).toBe(404);
      const wrongCharger = await post(url(station.id, 'charger'), { chargerId: foreignCharger.id });
      expect(wrongCharger.json()).toMatchObject({ statusCode: 404, code: 'mdload.chargerNotFound' });
      const wrongGroup = await post(url(station.id, 'group'), { groupId: foreignGroup.id });
      expect(wrongGroup.json()).toMatchObject({ statusCode: 404, code: 'mdload.groupNotFound' });
      expect(await list(wien)).toEqual(there);
      expect(await auditOf(foreignStation.serialNumber)).toEqual([]);
    });

    it('checks the body, the feature and the permission', async () => {
      const station = stationsOf(await list())[0];
      const url = `${BASE}/${station?.id}/charger?operatingSiteId=${hamburg}`;
      const invalid = await post(url, { chargerId: 'x' });
      expect(invalid.statusCode).toBe(400);
      expect(Object.keys(invalid.json().errors)).toEqual(['body.chargerId']);
      expect((await post(`${BASE}/${station?.id}/group?operatingSiteId=${hamburg}`, {})).statusCode).toBe(400);
      expect((await post(`${BASE}/0/group?operatingSiteId=${hamburg}`, { groupId: 1 })).statusCode).toBe(400);
      expect((await post(url, { chargerId: null }, operator)).statusCode).toBe(403);
      expect((await post(url, { chargerId: null }, noPermission)).statusCode).toBe(403);
      expect(
        (await post(`${BASE}/${station?.id}/charger?operatingSiteId=${wien}`, { chargerId: null }, stations))
          .statusCode,
      ).toBe(403);
    });
  });

  it('shows a unit offline, not in error, once its connection is gone or it is silent, in the CSV too', async () => {
    await t.db.query(
      `INSERT INTO mdload_unit (mdload_serial, name, operating_site_id, max_power_kw, status, online,
                                last_data_timestamp)
       VALUES ('MDL-WILL', 'Will', $1, 50, 'error', false, now()),
              ('MDL-QUIET', 'Quiet', $1, 50, 'error', true, now() - make_interval(mins => $2 + 1)),
              ('MDL-NOW', 'Now', $1, 50, 'error', true, now() - make_interval(mins => $2 - 1))`,
      [hamburg, SILENT_AFTER_MINUTES],
    );
    const shown = Object.fromEntries((await list()).units.map((unit) => [unit.mdLoadSerial, unit.status]));
    expect(shown).toMatchObject({ 'MDL-WILL': 'offline', 'MDL-QUIET': 'offline', 'MDL-NOW': 'error' });
    const csv = (await get(`${BASE}/csv?operatingSiteId=${hamburg}`)).body;
    for (const line of ['MDL-WILL,offline,', 'MDL-QUIET,offline,', 'MDL-NOW,error,']) expect(csv).toContain(line);
    await t.db.query(`DELETE FROM mdload_unit WHERE mdload_serial IN ('MDL-WILL', 'MDL-QUIET', 'MDL-NOW')`);
  });

  it('shows a station charging whenever the charger assigned to it is', async () => {
    const station = stationsOf(await list()).find((s) => s.charger !== null);
    if (!station?.charger) throw new Error('no station with a charger');
    await t.db.query("UPDATE charging_station SET state = 'idle', power_kw = 0 WHERE id = $1", [station.id]);
    await t.db.query("UPDATE charger SET status = 'charging', power_kw = 3.25 WHERE id = $1", [station.charger.id]);
    const shown = stationsOf(await list()).find((s) => s.id === station.id);
    expect(shown).toMatchObject({ state: 'charging', powerKw: 3.25, charger: { status: 'charging', powerKw: 3.25 } });
    await t.db.query("UPDATE charger SET status = 'idle', power_kw = 0 WHERE id = $1", [station.charger.id]);
    expect(stationsOf(await list()).find((s) => s.id === station.id)).toMatchObject({ state: 'idle', powerKw: 0 });
  });

  it('shows the twin as the unit’s telemetry updated it in place', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const device = await connectDevice(t.app);
    const [station] = stationsOf(await list());
    await device.publishAsync(
      topicFor('mdload', 'MDL-0001', 'telemetry'),
      json({
        seq: 1,
        ts: new Date().toISOString(),
        powerKw: 7.5,
        totalEnergyKwh: 1234.5,
        stations: [{ serialNumber: station?.serialNumber, powerKw: 7.5, state: 'charging' }],
      }),
      { qos: 1 },
    );
    await device.endAsync();
    const [unit] = (await list()).units;
    expect(unit).toMatchObject({ mdLoadSerial: 'MDL-0001', status: 'charging', powerKw: 7.5, totalEnergyKwh: 1234.5 });
    const updated = unit?.chargingStationGroups
      .flatMap((group) => group.chargingStations)
      .find((s) => s.id === station?.id);
    expect(updated).toMatchObject({ state: 'charging', powerKw: 7.5 });
  });
});
