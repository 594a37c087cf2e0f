import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Command, topicFor } from '@cbm/contracts/device-protocol';
import type { FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { afterEach, expect, it } from 'vitest';
import { addTestBatteries, connectDevice, registerTestDevice } from '../../../test/mqtt-devices';
import { freePort } from '../../../test/server-process';
import { describeEachDatabase, openTestDatabase } from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { seedDemo } from '../../demo/seed-demo';
import { deviceBrokerUrl } from '../device-channel/device-channel-plugin';

const COMMANDS = 3;

/**
 * The embedded broker keeps persistent sessions, their subscriptions and the commands queued for an
 * offline device in DATA_DIR/mqtt-sessions: they outlive a restart of the server (decision 022).
 */
describeEachDatabase('embedded broker sessions across a server restart', (kind) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('an offline device gets every command sent before the restart, once', async () => {
    const database = await openTestDatabase(kind);
    cleanup.push(() => database.drop());
    await seedDemo(database.db);
    const sessionsDir = await mkdtemp(path.join(tmpdir(), 'cbm-sessions-'));
    cleanup.push(() => rm(sessionsDir, { recursive: true, force: true }));
    const config = loadConfig({}, { LOG_LEVEL: 'silent', MQTT_PORT: await freePort(), HOST: '127.0.0.1' });
    const startServer = async () => {
      const app = await buildApp({ config, db: database.db, brokerSessionsDir: sessionsDir });
      await app.ready();
      return app;
    };
    const { serials, siteId } = await addTestBatteries(database.db, 1);
    const [serial] = serials as [string];
    const login = await registerTestDevice(database.db, 'battery', serial, siteId);
    await database.db.query(`UPDATE battery SET last_data_timestamp = now() WHERE serial_number = $1`, [serial]);
    const session = { ...login, clean: false };

    let app: FastifyInstance = await startServer();
    const first = await connectDevice(deviceBrokerUrl(app), session);
    await first.subscribeAsync(topicFor('battery', serial, 'cmd'), { qos: 1 });
    await first.endAsync();
    const sent: string[] = [];
    for (let n = 0; n < COMMANDS; n++) sent.push((await app.devices.sendCommand(serial, { type: 'refresh' })).id);
    await app.close();

    app = await startServer();
    cleanup.push(() => app.close());
    const received: string[] = [];
    // Listening from the first packet on: queued commands come right after the CONNACK.
    const device = mqtt.connect(deviceBrokerUrl(app), { ...session, reconnectPeriod: 0 });
    device.on('message', (_topic, payload) => received.push((JSON.parse(payload.toString()) as Command).id));
    const connack = new Promise<boolean>((resolve) =>
      device.once('connect', (packet) => resolve(packet.sessionPresent)),
    );
    cleanup.push(() => device.endAsync());
    expect(await connack).toBe(true);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(COMMANDS);
    // Anything sent twice would arrive right behind the first copies: one more command is the marker.
    sent.push((await app.devices.sendCommand(serial, { type: 'refresh' })).id);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(COMMANDS + 1);
    expect(received).toEqual(sent);
  }, 60_000);
});
