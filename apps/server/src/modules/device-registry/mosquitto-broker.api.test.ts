import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { topicFor } from '@cbm/contracts/device-protocol';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  addTestBatteries,
  json,
  type MqttCredentials,
  registerTestDevice,
  telemetry,
} from '../../../test/mqtt-devices';
import { freePort } from '../../../test/server-process';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { runDeviceCommand } from './device-cli';

// Debian installs it outside a normal user's PATH.
const MOSQUITTO = existsSync('/usr/sbin/mosquitto') ? '/usr/sbin/mosquitto' : 'mosquitto';
const SHIPPED = path.resolve(import.meta.dirname, '../../../../../deploy/mosquitto/cbm.conf');
const PLATFORM = { username: 'cbm-platform', password: 'platform secret' };
const poll = { timeout: 10_000, interval: 50 };

/** The shipped configuration with this test's files and one plain listener on a free port. */
async function privateConfig(dir: string, port: number): Promise<string> {
  const shipped = await readFile(SHIPPED, 'utf8');
  const lines = shipped
    .split('\n')
    .filter((line) => !/^(listener|certfile|keyfile) /.test(line))
    .map((line) =>
      line
        .replace(/^password_file .*/, `password_file ${dir}/passwd`)
        .replace(/^acl_file .*/, `acl_file ${dir}/acl`)
        .replace(/^persistence_location .*/, `persistence_location ${dir}/`),
    );
  // Started as root (a container), Mosquitto would switch to its own user, who cannot read the test's files.
  const user = process.getuid?.() === 0 ? ['user root'] : [];
  const file = path.join(dir, 'cbm.conf');
  await writeFile(file, [...lines, ...user, `listener ${port} 127.0.0.1`, ''].join('\n'));
  return file;
}

describeEachDatabase('the shipped Mosquitto configuration, kept in step by broker-sync', (kind) => {
  let t: TestApp;
  let dir: string;
  let mosquitto: ChildProcess;
  let url: string;
  let serials: string[];
  let a: MqttCredentials;
  let b: MqttCredentials;
  const open: MqttClient[] = [];
  const connect = async (options: IClientOptions) => {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, ...options });
    open.push(client);
    return client;
  };
  const connectCode = (options: IClientOptions) =>
    mqtt.connectAsync(url, { reconnectPeriod: 0, ...options }).then(
      async (client) => {
        await client.endAsync();
        return 0;
      },
      (error: { code?: number }) => error.code ?? -1,
    );
  const sync = () =>
    runDeviceCommand(
      t.db,
      'broker-sync',
      { 'password-file': `${dir}/passwd`, 'acl-file': `${dir}/acl`, pid: String(mosquitto?.pid ?? '') || undefined },
      { platformUrl: `mqtt://${PLATFORM.username}:${encodeURIComponent(PLATFORM.password)}@127.0.0.1` },
    );

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cbm-mosquitto-'));
    t = await createTestApp(kind);
    let siteId: number;
    ({ serials, siteId } = await addTestBatteries(t.db, 3));
    a = await registerTestDevice(t.app, 'battery', serials[0] as string, siteId);
    b = await registerTestDevice(t.app, 'battery', serials[1] as string, siteId);
    await sync();
    const port = await freePort();
    url = `mqtt://127.0.0.1:${port}`;
    mosquitto = spawn(MOSQUITTO, ['-c', await privateConfig(dir, port)], { stdio: ['ignore', 'ignore', 'pipe'] });
    // Up once the platform's user gets in.
    for (let tries = 0; (await connectCode(PLATFORM)) !== 0; tries++) {
      if (tries > 100) throw new Error('The private Mosquitto did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    for (const client of open) client.end(true);
    mosquitto?.kill('SIGTERM');
    if (mosquitto?.exitCode === null) await once(mosquitto, 'exit');
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lets no one in without credentials, and devices and the platform with theirs', async () => {
    expect(await connectCode({ clientId: 'anonymous' })).not.toBe(0);
    expect(await connectCode({ ...a, password: 'wrong' })).not.toBe(0);
    expect(await connectCode(a)).toBe(0);
  });

  it("keeps device A off B's topics: no publishing as B (MQTT 5: 0x87), no reading B's commands, no #", async () => {
    const platform = await connect({ ...PLATFORM, clientId: 'cbm-ingest-test', protocolVersion: 5 });
    const heard: string[] = [];
    platform.on('message', (topic) => heard.push(topic));
    await platform.subscribeAsync('$share/cbm/cbm/v1/+/+/telemetry', { qos: 1 });

    const deviceA = await connect({ ...a, protocolVersion: 5 });
    const refused = await deviceA
      .publishAsync(topicFor('battery', serials[1] as string, 'telemetry'), json(telemetry(1, new Date())), { qos: 1 })
      .then(
        () => 0,
        (error: { code?: number }) => error.code ?? -1,
      );
    expect(refused).toBe(0x87);
    await deviceA.publishAsync(topicFor('battery', serials[0] as string, 'telemetry'), json(telemetry(2, new Date())), {
      qos: 1,
    });
    await expect.poll(() => heard, poll).toEqual([topicFor('battery', serials[0] as string, 'telemetry')]);

    // Mosquitto 2.0 may grant `#` and B's cmd (3.1.1) but checks every delivery against the ACL: A hears its own only.
    const legacyA = await connect({ ...a, clientId: `${a.clientId}` });
    for (const topic of [
      '#',
      topicFor('battery', serials[1] as string, 'cmd'),
      topicFor('battery', serials[0] as string, 'cmd'),
    ]) {
      await legacyA.subscribeAsync(topic, { qos: 1 }).catch(() => undefined);
    }
    const deviceB = await connect(b);
    await deviceB.subscribeAsync(topicFor('battery', serials[1] as string, 'cmd'), { qos: 1 });
    const received = { a: [] as string[], b: [] as string[] };
    legacyA.on('message', (topic) => received.a.push(topic));
    deviceB.on('message', (topic) => received.b.push(topic));
    await platform.publishAsync(topicFor('battery', serials[1] as string, 'cmd'), json({ type: 'refresh' }), {
      qos: 1,
    });
    await platform.publishAsync(topicFor('battery', serials[0] as string, 'cmd'), json({ type: 'refresh' }), {
      qos: 1,
    });
    await expect
      .poll(() => received, poll)
      .toEqual({
        a: [topicFor('battery', serials[0] as string, 'cmd')],
        b: [topicFor('battery', serials[1] as string, 'cmd')],
      });
  });

  it('follows the registry after broker-sync: a new device gets in, a revoked one no longer', async () => {
    const siteId = (
      await t.db.query<{ id: number }>('SELECT operating_site_id AS id FROM battery WHERE serial_number = $1', [
        serials[2],
      ])
    )[0]?.id as number;
    const c = await registerTestDevice(t.app, 'battery', serials[2] as string, siteId);
    expect(await connectCode(c)).not.toBe(0);
    await t.app.deviceRegistry.revoke(
      { userId: null, email: 'test' },
      {
        deviceClass: 'battery',
        serialNumber: serials[1] as string,
        operatingSiteId: siteId,
      },
    );
    await sync();
    await expect.poll(() => connectCode(c), poll).toBe(0);
    await expect.poll(() => connectCode(b), poll).not.toBe(0);
  });
});
