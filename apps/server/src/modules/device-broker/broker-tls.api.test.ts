import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addTestBatteries, registerTestDevice } from '../../../test/mqtt-devices';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const run = promisify(execFile);

/** A self-signed certificate and its key (PEM files), made with the openssl CLI. */
async function certificate(dir: string, name: string) {
  const [cert, key] = [path.join(dir, `${name}.crt`), path.join(dir, `${name}.key`)];
  await run('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2'],
    ...['-subj', `/CN=${name}`, '-keyout', key, '-out', cert],
  ]);
  const fingerprint = new X509Certificate(await readFile(cert)).fingerprint256;
  return { cert, key, fingerprint, pem: { cert: await readFile(cert), key: await readFile(key) } };
}

describeEachDatabase('the embedded broker over TLS', (kind) => {
  let t: TestApp;
  let dir: string;
  let server: Awaited<ReturnType<typeof certificate>>;
  let device: Awaited<ReturnType<typeof certificate>>;
  let stranger: Awaited<ReturnType<typeof certificate>>;
  let serials: string[];
  let siteId: number;
  let url: string;
  const connectCode = async (options: mqtt.IClientOptions) => {
    try {
      const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, ca: server.pem.cert, ...options });
      await client.endAsync();
      return 0;
    } catch (error) {
      return (error as { code?: number }).code ?? -1;
    }
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cbm-tls-'));
    server = await certificate(dir, 'localhost');
    device = await certificate(dir, 'device');
    stranger = await certificate(dir, 'stranger');
    t = await createTestApp(kind, {
      MQTT_PORT: 'off',
      MQTT_HOST: '127.0.0.1',
      MQTT_TLS_PORT: 0,
      MQTT_TLS_CERT: server.cert,
      MQTT_TLS_KEY: server.key,
    });
    await t.app.ready();
    url = (t.app.devices.brokerTlsUrl as string).replace('127.0.0.1', 'localhost');
    ({ serials, siteId } = await addTestBatteries(t.db, 2));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('listens with TLS only when asked to, where it is told', () => {
    expect(t.app.devices.brokerUrl).toMatch(/^mqtts:\/\/127\.0\.0\.1:\d+$/);
  });

  it('lets a device in by its registered client certificate, or by its secret', async () => {
    const serial = serials[0] as string;
    const { registered } = await t.app.deviceRegistry.register({ userId: null, email: 'test' }, [
      {
        deviceClass: 'battery',
        serialNumber: serial,
        deviceType: 'x',
        operatingSiteId: siteId,
        certFingerprint: device.fingerprint.replaceAll(':', '').toLowerCase(),
      },
    ]);
    const username = `battery-${serial}`;
    expect(await connectCode({ clientId: username, username, ...device.pem })).toBe(0);
    expect(await connectCode({ clientId: username, username, ...stranger.pem })).toBe(4);
    expect(await connectCode({ clientId: username, username, password: registered[0]?.secret })).toBe(0);
    const other = await registerTestDevice(t.app, 'battery', serials[1] as string, siteId);
    expect(await connectCode({ ...other, ...device.pem, password: undefined })).toBe(4);
  });
});
