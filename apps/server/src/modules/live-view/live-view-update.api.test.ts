import { topicFor } from '@cbm/contracts/device-protocol';
import { liveViewBatterySchema, liveViewUpdateResponseSchema } from '@cbm/contracts/live-view';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, json, telemetry } from '../../../test/mqtt-devices';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const BASE = '/api/v2/battery/BatteryLiveView';

describeEachDatabase('battery live view update and connectivity', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let device: MqttClient;
  let sites: Record<string, number>;
  const site = (name: string) => sites[name] as number;
  const get = (url: string, cookie = admin) => t.request({ url, cookie });
  const serialAt = async (siteId: number) => {
    const [row] = await t.db.query<{ serial_number: string }>(
      'SELECT serial_number FROM battery WHERE operating_site_id = $1 ORDER BY serial_number LIMIT 1',
      [siteId],
    );
    return row?.serial_number as string;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
    device = await connectDevice(t.app);
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    sites = await siteNodeIds(t, admin);
  });
  afterAll(async () => {
    await device.endAsync();
    await t.close();
  });

  describe('GET …/{serial}/update', () => {
    it('sends refresh to the battery; the fresh telemetry then shows in GET …/{serial}', async () => {
      const siteId = site('Hamburg Hafen');
      const serial = await serialAt(siteId);
      await t.db.query(`UPDATE battery SET last_data_timestamp = now() - interval '1 hour' WHERE serial_number = $1`, [
        serial,
      ]);
      const commands: unknown[] = [];
      device.on('message', (_topic, payload) => commands.push(JSON.parse(payload.toString())));
      await device.subscribeAsync(topicFor('battery', serial, 'cmd'), { qos: 1 });

      const response = await get(`${BASE}/${serial}/update?operatingSiteId=${siteId}`);
      expect(response.statusCode).toBe(200);
      const before = liveViewUpdateResponseSchema.parse(response.json());
      expect(before.upToDate).toBe(false);
      await expect
        .poll(() => commands, { timeout: 10_000 })
        .toContainEqual(expect.objectContaining({ type: 'refresh' }));

      await device.publishAsync(topicFor('battery', serial, 'telemetry'), json(telemetry(1, new Date(), { soc: 42 })), {
        qos: 1,
      });
      await expect
        .poll(
          async () => {
            const battery = liveViewBatterySchema.parse(
              (await get(`${BASE}/${serial}?operatingSiteId=${siteId}`)).json(),
            );
            return Date.parse(battery.lastDataTimestamp ?? '') > Date.parse(before.lastDataTimestamp ?? '');
          },
          { timeout: 10_000 },
        )
        .toBe(true);

      const again = liveViewUpdateResponseSchema.parse(
        (await get(`${BASE}/${serial}/update?operatingSiteId=${siteId}`)).json(),
      );
      expect(again.upToDate).toBe(true);
    });

    it('refreshes a battery whose last data lies in the future (its clock runs ahead)', async () => {
      const siteId = site('Hamburg Hafen');
      const serial = await serialAt(siteId);
      await t.db.query(`UPDATE battery SET last_data_timestamp = now() + interval '1 hour' WHERE serial_number = $1`, [
        serial,
      ]);
      const response = await get(`${BASE}/${serial}/update?operatingSiteId=${siteId}`);
      expect(liveViewUpdateResponseSchema.parse(response.json()).upToDate).toBe(false);
    });

    it("answers 404 for another site's battery and 403 without site access", async () => {
      const serial = await serialAt(site('Wien Süd'));
      expect((await get(`${BASE}/${serial}/update?operatingSiteId=${site('Hamburg Hafen')}`)).statusCode).toBe(404);
      expect((await get(`${BASE}/${serial}/update?operatingSiteId=${site('Wien Süd')}`, operator)).statusCode).toBe(
        403,
      );
    });
  });

  describe('GET …/connectivity', () => {
    it('raises the network problem when ≥ 20 % (and ≥ 3) of the connected batteries dropped within 10 minutes', async () => {
      const siteId = site('Bremen GVZ');
      const connectivity = async () => (await get(`${BASE}/connectivity?operatingSiteId=${siteId}`)).json();
      await t.db.query(
        `UPDATE battery SET online = true, connection_changed_at = now() - interval '1 day' WHERE operating_site_id = $1`,
        [siteId],
      );
      const serials = (
        await t.db.query<{ serial_number: string }>(
          'SELECT serial_number FROM battery WHERE operating_site_id = $1 ORDER BY serial_number',
          [siteId],
        )
      ).map((row) => row.serial_number);
      const drop = (count: number, ago: string) =>
        t.db.query(
          `UPDATE battery SET online = false, connection_changed_at = now() - $2::interval
            WHERE serial_number = ANY($1::text[])`,
          [serials.slice(0, count), ago],
        );
      expect(await connectivity()).toEqual({ networkProblem: false, droppedDevices: 0, connectedDevices: 30 });
      await drop(5, '2 minutes');
      expect(await connectivity()).toEqual({ networkProblem: false, droppedDevices: 5, connectedDevices: 30 });
      await drop(6, '2 minutes');
      expect(await connectivity()).toEqual({ networkProblem: true, droppedDevices: 6, connectedDevices: 30 });
      await drop(6, '11 minutes');
      expect(await connectivity()).toEqual({ networkProblem: false, droppedDevices: 0, connectedDevices: 24 });
      // A battery that never reported counts in neither (online is unknown).
      await t.db.query('UPDATE battery SET online = NULL WHERE serial_number = $1', [serials.at(-1)]);
      expect(await connectivity()).toEqual({ networkProblem: false, droppedDevices: 0, connectedDevices: 23 });
      expect((await get(`${BASE}/connectivity?operatingSiteId=${site('Wien Süd')}`, operator)).statusCode).toBe(403);
    });
  });
});
