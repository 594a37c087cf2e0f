import { topicFor } from '@cbm/contracts/device-protocol';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestBatteries,
  addTestMdloadUnit,
  BROKER_KINDS,
  brokerEnv,
  connectDevice,
  deviceEvent,
  dropSession,
  json,
  TEST_MQTT_URL,
  telemetry,
} from '../../../test/mqtt-devices';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { deviceBrokerUrl } from '../device-channel/device-channel-plugin';
import { monthOf, nextMonth, partitionRepository } from './partition-repository';

const MINUTE = 60_000;
const poll = { timeout: 10_000, interval: 25 };

describeEachDatabase('device ingestion', (kind) => {
  describe.each(BROKER_KINDS)('through the %s broker', (broker) => {
    let t: TestApp;
    let env: ReturnType<typeof brokerEnv>;
    let url: string;
    let serials: string[];
    let siteId: number;
    let device: MqttClient;
    // A minute boundary a while ago: samples fall into known one-minute buckets.
    const base = new Date(Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE);
    const at = (seconds: number) => new Date(base.getTime() + seconds * 1000);
    const battery = (serial: string) =>
      t.db
        .query<Record<string, unknown>>(
          `SELECT status, online, soc::float8 AS soc, last_data_timestamp, current_error_code, last_error_at,
                  firmware_version, cell_type, current_a::float8 AS current_a
             FROM battery WHERE serial_number = $1`,
          [serial],
        )
        .then((rows) => rows[0] ?? {});
    const count = async (sql: string, params: unknown[]) =>
      (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]?.n;
    const publish = (serial: string, channel: 'telemetry' | 'event' | 'status' | 'info', payload: unknown) =>
      device.publishAsync(topicFor('battery', serial, channel), json(payload), { qos: 1 });

    beforeAll(async () => {
      env = brokerEnv(broker);
      t = await createTestApp(kind, { SAMPLE_RESOLUTION_SECONDS: 60, ...env });
      await t.app.ready();
      url = broker === 'embedded' ? deviceBrokerUrl(t.app) : (TEST_MQTT_URL as string);
      ({ serials, siteId } = await addTestBatteries(t.db, 7));
      device = await connectDevice(broker === 'embedded' ? t.app : url);
    });
    afterAll(async () => {
      await device.endAsync();
      await t.close();
      if ('MQTT_CLIENT_ID' in env) await dropSession(TEST_MQTT_URL as string, env.MQTT_CLIENT_ID as string, 5);
    });

    it('keeps one sample per battery and resolution, and the newest telemetry as the live state', async () => {
      const serial = serials[0] as string;
      for (let second = 0; second <= 60; second += 10) {
        await publish(serial, 'telemetry', telemetry(second, at(second), { soc: 50 + second / 10 }));
      }
      await expect.poll(() => battery(serial), poll).toMatchObject({ last_data_timestamp: at(60), soc: 56 });
      expect(await battery(serial)).toMatchObject({ status: 'discharging', online: true, current_a: -120.5 });
      const samples = await t.db.query<{ ts: Date }>(
        'SELECT ts FROM battery_sample WHERE serial_number = $1 ORDER BY ts',
        [serial],
      );
      expect(samples.map((sample) => sample.ts)).toEqual([at(0), at(60)]);
      // The month of the data got its partition, and the next month one ahead.
      const months = await partitionRepository(t.db).months('battery_sample');
      expect(months).toEqual(expect.arrayContaining([monthOf(base), nextMonth(monthOf(base))]));
    });

    it('stores a redelivered event or telemetry once', async () => {
      const serial = serials[1] as string;
      for (let copy = 0; copy < 3; copy++) {
        await publish(serial, 'event', deviceEvent(7, at(5)));
        await publish(serial, 'telemetry', telemetry(8, at(6)));
      }
      await publish(serial, 'event', deviceEvent(9, at(7)));
      await expect.poll(() => count('device_event WHERE serial_number = $1', [serial]), poll).toBe(2);
      expect(await count('battery_sample WHERE serial_number = $1', [serial])).toBe(1);
      expect(t.app.devices.metrics.snapshot().duplicates.event).toBeGreaterThanOrEqual(2);
    });

    it('rejects messages of unknown devices and carries on', async () => {
      const before = t.app.devices.metrics.snapshot().rejected['unknown-device'] ?? 0;
      await publish('NOT-A-BATTERY', 'telemetry', telemetry(1, at(1)));
      await publish(serials[2] as string, 'telemetry', telemetry(1, at(1)));
      await expect.poll(() => battery(serials[2] as string), poll).toMatchObject({ last_data_timestamp: at(1) });
      expect(t.app.devices.metrics.snapshot().rejected['unknown-device']).toBe(before + 1);
      expect(await count('battery_sample WHERE serial_number = $1', ['NOT-A-BATTERY'])).toBe(0);
    });

    it('knows online and offline from the status topic and the last will', async () => {
      const serial = serials[3] as string;
      const topic = topicFor('battery', serial, 'status');
      const unit = await connectDevice(broker === 'embedded' ? t.app : url, {
        will: { topic, payload: Buffer.from(json({ online: false })), qos: 1, retain: true },
      });
      await unit.publishAsync(topic, json({ online: true, ts: new Date().toISOString() }), { qos: 1, retain: true });
      await expect.poll(() => battery(serial), poll).toMatchObject({ online: true, status: 'online' });
      unit.stream.destroy();
      await expect.poll(() => battery(serial), poll).toMatchObject({ online: false, status: 'offline' });
      expect(await count('device_connection WHERE serial_number = $1', [serial])).toBe(2);
      unit.end(true);
    });

    it('sets the current error from error events and clears it', async () => {
      const serial = serials[4] as string;
      await publish(serial, 'telemetry', telemetry(1, at(1), { state: 'standby' }));
      await publish(serial, 'event', deviceEvent(2, at(2), { type: 'error', code: 'E101', active: true }));
      await expect.poll(() => battery(serial), poll).toMatchObject({ status: 'error', current_error_code: 'E101' });
      expect(await battery(serial)).toMatchObject({ last_error_at: at(2) });
      await publish(serial, 'event', deviceEvent(3, at(3), { type: 'error', code: 'E101', active: false }));
      await expect.poll(() => battery(serial), poll).toMatchObject({ status: 'standby', current_error_code: null });
      expect(await battery(serial)).toMatchObject({ last_error_at: at(2) });
    });

    it('keeps the newest telemetry as sent, error codes of any characters and times to the millisecond', async () => {
      const serial = serials[6] as string;
      const liveState = () =>
        t.db
          .query<Record<string, unknown>>(
            `SELECT last_data, last_data_timestamp, telemetry_state, telemetry_charger_serial, active_error_codes,
                    current_error_code, last_error_at
               FROM battery WHERE serial_number = $1`,
            [serial],
          )
          .then((rows) => rows[0] ?? {});
      const odd = 'E "1",{2}\\3 NULL';
      const sent = telemetry(1, new Date(at(41).getTime() + 987), { state: 'standby', chargerSerial: 'CH-7' });
      await publish(serial, 'telemetry', sent);
      await publish(serial, 'event', deviceEvent(2, at(42), { type: 'error', code: odd, active: true }));
      await publish(serial, 'event', deviceEvent(3, at(43), { type: 'error', code: 'E2', active: true }));
      await expect.poll(liveState, poll).toEqual({
        last_data: sent,
        last_data_timestamp: new Date(sent.ts),
        telemetry_state: 'standby',
        telemetry_charger_serial: 'CH-7',
        active_error_codes: [odd, 'E2'],
        current_error_code: 'E2',
        last_error_at: at(43),
      });
      // The next batch continues from what was read back; without telemetry it keeps the newest one.
      await publish(serial, 'event', deviceEvent(4, at(44), { type: 'error', code: odd, active: false }));
      await expect
        .poll(liveState, poll)
        .toMatchObject({ active_error_codes: ['E2'], telemetry_charger_serial: 'CH-7', last_data: sent });
    });

    it('applies static info, but not an older one', async () => {
      const serial = serials[5] as string;
      const info = (firmware: string, ts: Date) => ({
        ts: ts.toISOString(),
        batteryType: 'LFP 80V',
        cellType: 'LFP-280',
        versions: { firmware },
      });
      await publish(serial, 'info', info('2.4.1', at(20)));
      await publish(serial, 'info', info('2.3.0', at(10)));
      await publish(serial, 'telemetry', telemetry(1, at(30)));
      await expect.poll(() => battery(serial), poll).toMatchObject({ last_data_timestamp: at(30) });
      expect(await battery(serial)).toMatchObject({ firmware_version: '2.4.1', cell_type: 'LFP-280' });
    });

    it('updates the charger-station twin in place', async () => {
      const unit = await addTestMdloadUnit(t.db, siteId);
      const stations = unit.stations.map((serialNumber, index) => ({
        serialNumber,
        powerKw: index === 0 ? 7.5 : 0,
        state: index === 0 ? 'charging' : 'idle',
      }));
      await device.publishAsync(
        topicFor('mdload', unit.serial, 'telemetry'),
        json({ seq: 1, ts: at(40).toISOString(), powerKw: 7.5, totalEnergyKwh: 1234.5, stations }),
        { qos: 1 },
      );
      const twin = () =>
        t.db.query(
          `SELECT m.status, m.power_kw::float8 AS power_kw, s.serial_number, s.state
             FROM mdload_unit m JOIN charging_station_group g ON g.mdload_unit_id = m.id
             JOIN charging_station s ON s.group_id = g.id WHERE m.mdload_serial = $1 ORDER BY s.serial_number`,
          [unit.serial],
        );
      await expect.poll(twin, poll).toEqual([
        { status: 'charging', power_kw: 7.5, serial_number: unit.stations[0], state: 'charging' },
        { status: 'charging', power_kw: 7.5, serial_number: unit.stations[1], state: 'idle' },
      ]);
      expect(await count('mdload_sample WHERE mdload_serial = $1', [unit.serial])).toBe(1);
    });
  });
});
