import { type Command, commandSchema, topicFor } from '@cbm/contracts/device-protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addTestBatteries, json, registerTestDevice } from '../../../test/mqtt-devices';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { deviceBrokerUrl } from '../device-channel/device-channel-plugin';

const poll = { timeout: 15_000, interval: 50 };

/** Decision 072: a command goes out again (same id), with backoff, until its device answers or its deadline passes. */
describeEachDatabase('commands are delivered until the device answers', (kind) => {
  let t: TestApp;
  let serials: string[];
  let siteId: number;
  const devices: MqttClient[] = [];

  /** A battery on its own login and persistent session that answers a command only from its `answerFrom`-th copy on. */
  async function battery(serial: string, answerFrom: number) {
    const login = await registerTestDevice(t.app, 'battery', serial, siteId);
    const device = await mqtt.connectAsync(deviceBrokerUrl(t.app), { ...login, clean: false, reconnectPeriod: 0 });
    devices.push(device);
    const received: Command[] = [];
    device.on('message', (_topic, payload) => {
      const command = commandSchema.parse(JSON.parse(payload.toString()));
      received.push(command);
      if (received.filter((copy) => copy.id === command.id).length < answerFrom) return;
      const reply = { id: command.id, ts: new Date().toISOString(), result: 'done' };
      void device.publishAsync(topicFor('battery', serial, 'cmd/reply'), json(reply), { qos: 1 });
    });
    await device.subscribeAsync(topicFor('battery', serial, 'cmd'), { qos: 1 });
    return received;
  }
  const delivery = async (id: string) => {
    const [row] = await t.db.query<{ attempts: number; next: Date | null; unanswered: Date | null; result: string }>(
      `SELECT attempts, next_attempt_at AS next, unanswered_at AS unanswered, result FROM device_command WHERE id = $1`,
      [id],
    );
    return row;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { COMMAND_RETRY_SECONDS: 0.5 });
    await t.app.ready();
    ({ serials, siteId } = await addTestBatteries(t.db, 2));
    await t.db.query('UPDATE battery SET last_data_timestamp = now() WHERE serial_number = ANY($1)', [serials]);
  });
  afterAll(async () => {
    for (const device of devices) await device.endAsync();
    await t.close();
  });

  it('sends a command again with its id until the device answers, then no more', async () => {
    const serial = serials[0] as string;
    const received = await battery(serial, 3);
    const sent = await t.app.devices.sendCommand(serial, { type: 'refresh' });
    await expect.poll(async () => (await delivery(sent.id))?.result, poll).toBe('done');
    const settled = await delivery(sent.id);
    expect(settled).toMatchObject({ attempts: 3, next: null, unanswered: null });
    expect(received.map((command) => command.id)).toEqual([sent.id, sent.id, sent.id]);
    // Backoff: the third copy came at least 0.5 + 1 s after the first.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(received).toHaveLength(3);
  });

  it('gives a command up at its deadline and ends its update job "no answer"', async () => {
    const serial = serials[1] as string;
    const received = await battery(serial, Number.POSITIVE_INFINITY);
    const sent = await t.app.devices.sendCommand(serial, { type: 'refresh' });
    await expect.poll(() => received.length, poll).toBeGreaterThanOrEqual(2);
    const [job] = await t.db.query<{ id: number }>(
      `WITH f AS (INSERT INTO update_file (file_name, sha256, size_bytes, storage_key) VALUES ('x.bin', 'ab', 1, $4)
                  RETURNING id)
       INSERT INTO update_job (battery_serial_number, operating_site_id, update_file_id, command_id)
       SELECT $1, $2, f.id, $3::uuid FROM f RETURNING id`,
      [serial, siteId, sent.id, `test-${sent.id}`],
    );
    await t.db.query(`UPDATE device_command SET expires_at = now() WHERE id = $1`, [sent.id]);
    await expect.poll(async () => (await delivery(sent.id))?.unanswered, poll).toBeInstanceOf(Date);
    expect((await delivery(sent.id))?.next).toBeNull();
    const [status] = await t.db.query<{ status: string }>('SELECT status FROM update_job WHERE id = $1', [job?.id]);
    expect(status?.status).toBe('no answer');
    const copies = received.length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(received).toHaveLength(copies);
  });
});
