import { type Command, type CommandReply, commandSchema, topicFor } from '@cbm/contracts/device-protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestBatteries,
  BROKER_KINDS,
  brokerEnv,
  connectDevice,
  dropSession,
  json,
  type MqttCredentials,
  registerTestDevice,
  TEST_MQTT_URL,
  telemetry,
  uniqueId,
} from '../../../test/mqtt-devices';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { HttpError } from '../../http-error';
import { deviceBrokerUrl } from '../device-channel/device-channel-plugin';

type Answer = (command: Command) => { telemetry?: boolean; replies: Omit<CommandReply, 'id' | 'ts'>[] };

/**
 * A battery that answers commands as the protocol says: replies on cmd/reply, fresh data on
 * telemetry. A persistent session (like the field devices) gets commands sent while it was away.
 */
async function fakeBattery(url: string, serial: string, answer: Answer, login: Partial<MqttCredentials> = {}) {
  const clientId = login.clientId ?? uniqueId('battery');
  const device = mqtt.connect(url, { ...login, clientId, clean: false, reconnectPeriod: 0 });
  const received: Command[] = [];
  let seq = 0;
  device.on('message', (_topic, payload) => {
    const command = commandSchema.parse(JSON.parse(payload.toString()));
    received.push(command);
    const { telemetry: sendTelemetry, replies } = answer(command);
    const publish = (channel: 'telemetry' | 'cmd/reply', body: unknown) =>
      device.publishAsync(topicFor('battery', serial, channel), json(body), { qos: 1 });
    void (async () => {
      if (sendTelemetry) await publish('telemetry', telemetry(++seq, new Date()));
      for (const [index, reply] of replies.entries()) {
        // A millisecond apart, in order, as the device clock would stamp them.
        await publish('cmd/reply', { id: command.id, ts: new Date(Date.now() + index).toISOString(), ...reply });
      }
    })();
  });
  await new Promise((resolve) => device.once('connect', resolve));
  await device.subscribeAsync(topicFor('battery', serial, 'cmd'), { qos: 1 });
  return { device, received, login: { ...login, clientId } };
}

describeEachDatabase('device commands', (kind) => {
  describe.each(BROKER_KINDS)('through the %s broker', (broker) => {
    let t: TestApp;
    let env: ReturnType<typeof brokerEnv>;
    let url: string;
    let serials: string[];
    let siteId: number;
    const devices: MqttClient[] = [];
    const poll = { timeout: 10_000, interval: 25 };
    const answer: Answer = (command) => {
      switch (command.type) {
        case 'refresh':
          return { telemetry: true, replies: [{ result: 'done' }] };
        case 'remoteDebugging':
          return { replies: [{ result: 'accepted' }, { result: 'done', detail: 'ssh enabled' }] };
        case 'firmwareUpdate':
          return {
            replies: [
              { result: 'accepted', jobStatus: 'acknowledged' },
              { result: 'progress', jobStatus: 'upload pending' },
              { result: 'progress', jobStatus: 'started' },
              { result: 'progress', jobStatus: 'in progress' },
              { result: 'progress', jobStatus: 'executed' },
              { result: 'done', jobStatus: 'successfully finished' },
            ],
          };
        default:
          return { replies: [{ result: 'rejected', detail: 'not supported' }] };
      }
    };

    beforeAll(async () => {
      env = brokerEnv(broker);
      t = await createTestApp(kind, env);
      await t.app.ready();
      url = broker === 'embedded' ? deviceBrokerUrl(t.app) : (TEST_MQTT_URL as string);
      ({ serials, siteId } = await addTestBatteries(t.db, 3));
    });
    afterAll(async () => {
      for (const device of devices) await device.endAsync();
      await t.close();
      if (broker === 'mosquitto') {
        await dropSession(url, env.MQTT_CLIENT_ID as string, 5);
        for (const device of devices) await dropSession(url, device.options.clientId as string);
      }
    });

    /** The battery's own credentials at the embedded broker; the shared test Mosquitto lets anyone in. */
    const login = (serial: string) =>
      broker === 'embedded' ? registerTestDevice(t.app, 'battery', serial, siteId) : Promise.resolve({});

    it('refresh is answered with fresh telemetry', async () => {
      const serial = serials[0] as string;
      const battery = await fakeBattery(url, serial, answer, await login(serial));
      devices.push(battery.device);
      const before = Date.now();
      const lastData = await t.app.devices.refresh(serial, { timeoutMs: 10_000 });
      expect(lastData?.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(battery.received).toEqual([{ id: expect.any(String), issuedAt: expect.any(String), type: 'refresh' }]);
      const [stored] = await t.db.query('SELECT type, serial_number FROM device_command WHERE id = $1', [
        battery.received[0]?.id,
      ]);
      expect(stored).toEqual({ type: 'refresh', serial_number: serial });
    });

    it('enables remote debugging for one hour and records the replies', async () => {
      const serial = serials[1] as string;
      const battery = await fakeBattery(url, serial, answer, await login(serial));
      devices.push(battery.device);
      const sent = await t.app.devices.sendCommand(serial, { type: 'remoteDebugging' });
      const command = sent.command as Extract<Command, { type: 'remoteDebugging' }>;
      expect(new Date(command.until).getTime() - sent.issuedAt.getTime()).toBe(3_600_000);
      const reply = await t.app.devices.awaitReply(sent.id, { accept: (r) => r.result === 'done', timeoutMs: 10_000 });
      expect(reply).toMatchObject({ result: 'done', detail: 'ssh enabled' });
      const rows = await t.db.query('SELECT result FROM device_command_reply WHERE command_id = $1 ORDER BY ts', [
        sent.id,
      ]);
      expect(rows).toEqual([{ result: 'accepted' }, { result: 'done' }]);
    });

    it('moves a firmware update job through the statuses the device reports, also when it was offline', async () => {
      const serial = serials[2] as string;
      const away = await fakeBattery(url, serial, answer, await login(serial));
      await away.device.endAsync();
      const [job] = await t.db.query<{ id: number }>(
        `WITH file AS (
           INSERT INTO update_file (file_name, sha256, size_bytes, storage_key)
           VALUES ('bms-2.5.0.bin', repeat('a', 64), 1024, gen_random_uuid()::text) RETURNING id
         )
         INSERT INTO update_job (battery_serial_number, operating_site_id, update_file_id)
         SELECT $1, (SELECT operating_site_id FROM battery WHERE serial_number = $1), id FROM file RETURNING id`,
        [serial],
      );
      const jobStatus = async () =>
        (
          await t.db.query(
            `SELECT status, acknowledged_timestamp IS NOT NULL AS acknowledged, result_timestamp IS NOT NULL AS finished
               FROM update_job WHERE id = $1`,
            [job?.id],
          )
        )[0];
      const sent = await t.app.devices.sendCommand(serial, {
        type: 'firmwareUpdate',
        jobId: job?.id as number,
        downloadUrl: 'https://cbm.example/api/v2/updates/download?token=abc',
        sha256: 'a'.repeat(64),
        expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      });
      expect(await jobStatus()).toEqual({ status: 'created', acknowledged: false, finished: false });

      const battery = await fakeBattery(url, serial, answer, away.login);
      devices.push(battery.device);
      await expect
        .poll(jobStatus, poll)
        .toEqual({ status: 'successfully finished', acknowledged: true, finished: true });
      expect(battery.received.map((command) => command.id)).toEqual([sent.id]);
    });

    it('rejects a reply to a command the device never got, and commands to unknown devices', async () => {
      const sent = await t.app.devices.sendCommand(serials[0] as string, { type: 'refresh' });
      const impostor = await connectDevice(broker === 'embedded' ? t.app : url);
      devices.push(impostor);
      const before = t.app.devices.metrics.snapshot().rejected['unknown-command'] ?? 0;
      await impostor.publishAsync(
        topicFor('battery', serials[1] as string, 'cmd/reply'),
        json({ id: sent.id, ts: new Date().toISOString(), result: 'done' }),
        { qos: 1 },
      );
      await expect.poll(() => t.app.devices.metrics.snapshot().rejected['unknown-command'], poll).toBe(before + 1);
      await expect(t.app.devices.sendCommand('NO-SUCH-BATTERY', { type: 'refresh' })).rejects.toBeInstanceOf(HttpError);
      expect(await t.app.devices.awaitReply(sent.id, { timeoutMs: 100, accept: () => false })).toBeNull();
    });
  });
});

describeEachDatabase('device channel switched off', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { INGEST: false });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('runs no broker, refuses commands and still answers the metrics', async () => {
    expect(t.app.devices.brokerUrl).toBeUndefined();
    expect(() => deviceBrokerUrl(t.app)).toThrow('not running');
    const [battery] = await t.db.query<{ serial_number: string }>('SELECT serial_number FROM battery LIMIT 1');
    await expect(
      t.app.devices.sendCommand(battery?.serial_number as string, { type: 'refresh' }),
    ).rejects.toMatchObject({
      statusCode: 503,
      code: 'devices.channelUnavailable',
    });
    const metrics = await t.request({ url: '/api/v2/metrics', cookie: await t.signIn('admin@cbm.demo') });
    expect(metrics.json()).toMatchObject({ received: {}, queue: { depth: 0 } });
  });
});
