import type { AuditPage } from '@cbm/contracts/audit';
import type { DeviceCredentials, DeviceImportResult, RegisteredDevice } from '@cbm/contracts/device-registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueId } from '../../../test/mqtt-devices';
import { signInScopedAdmin, siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { DOCS_PREFIX } from '../../plugins/openapi';
import { verifySecret } from './device-secret';

async function multipart(csv: string) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'devices.csv');
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

describeEachDatabase('device registry', (kind) => {
  let t: TestApp;
  let admin: string;
  let scoped: string;
  let ids: Record<string, number>;
  const site = (name: string) => ids[name] as number;
  const register = (payload: Record<string, unknown>, cookie = admin) =>
    t.request({ method: 'POST', url: '/api/v2/devices', payload, cookie });
  const list = async (siteId: number) =>
    (
      (await t.request({ url: `/api/v2/devices?operatingSiteId=${siteId}`, cookie: admin })).json() as {
        devices: RegisteredDevice[];
      }
    ).devices;
  const storedHash = async (deviceClass: string, serial: string) =>
    (
      await t.db.query<{ secret_hash: string }>(
        'SELECT secret_hash FROM device_credential WHERE device_class = $1 AND serial_number = $2',
        [deviceClass, serial],
      )
    )[0]?.secret_hash as string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    ids = await siteNodeIds(t, admin);
    scoped = await signInScopedAdmin(t, {
      email: 'nordlicht-devices@cbm.test',
      features: ['cbm_osadmin'],
      manages: [site('Nordlicht Logistik GmbH')],
    });
  });
  afterAll(() => t.close());

  it('registers a device with a secret shown once and stored as a hash, and lists it', async () => {
    const serial = uniqueId('R');
    const response = await register({
      operatingSiteId: site('Hamburg Hafen'),
      deviceClass: 'battery',
      serialNumber: serial,
      deviceType: 'LFP 48V 625Ah',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json() as DeviceCredentials;
    expect(body).toMatchObject({
      username: `battery-${serial}`,
      clientId: `battery-${serial}`,
      device: { status: 'registered', deviceType: 'LFP 48V 625Ah', operatingSiteId: site('Hamburg Hafen') },
    });
    const hash = await storedHash('battery', serial);
    expect(hash).toMatch(/^\$7\$/);
    expect(hash).not.toContain(body.secret);
    expect(await verifySecret(body.secret, hash)).toBe(true);
    const listed = await list(site('Hamburg Hafen'));
    expect(listed.find((device) => device.serialNumber === serial)).toEqual({ ...body.device, limit: null });
    expect(JSON.stringify(listed)).not.toContain(body.secret);
    // The battery exists now, so its messages are accepted.
    const [battery] = await t.db.query('SELECT operating_site_id FROM battery WHERE serial_number = $1', [serial]);
    expect(battery).toEqual({ operating_site_id: site('Hamburg Hafen') });

    const again = await register({
      operatingSiteId: site('Hamburg Hafen'),
      deviceClass: 'battery',
      serialNumber: serial,
      deviceType: 'x',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'deviceRegistry.alreadyRegistered' });
  });

  it('refuses a device that stands at another site, and sites the admin does not manage', async () => {
    const [other] = await t.db.query<{ serial_number: string }>(
      'SELECT serial_number FROM battery WHERE operating_site_id = $1 LIMIT 1',
      [site('Wien Süd')],
    );
    const elsewhere = await register({
      operatingSiteId: site('Hamburg Hafen'),
      deviceClass: 'battery',
      serialNumber: other?.serial_number,
      deviceType: 'x',
    });
    expect(elsewhere.statusCode).toBe(409);
    const foreign = await register(
      { operatingSiteId: site('Wien Süd'), deviceClass: 'charger', serialNumber: uniqueId('C'), deviceType: 'x' },
      scoped,
    );
    expect(foreign.statusCode).toBe(404);
    const operator = await register(
      { operatingSiteId: site('Hamburg Hafen'), deviceClass: 'charger', serialNumber: uniqueId('C'), deviceType: 'x' },
      await t.signIn('operator@cbm.demo'),
    );
    expect(operator.statusCode).toBe(403);
    const invalid = await register({
      operatingSiteId: site('Hamburg Hafen'),
      deviceClass: 'gateway',
      serialNumber: 'a/b',
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('rotates and revokes, each in the audit log', async () => {
    const hamburg = site('Hamburg Hafen');
    const serial = uniqueId('M');
    const first = (
      await register({ operatingSiteId: hamburg, deviceClass: 'mdload', serialNumber: serial, deviceType: 'mdload 3' })
    ).json() as DeviceCredentials;
    const rotated = await t.request({
      method: 'POST',
      url: `/api/v2/devices/mdload/${serial}/rotate?operatingSiteId=${hamburg}`,
      cookie: admin,
    });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json() as DeviceCredentials;
    expect(second.secret).not.toBe(first.secret);
    expect(await verifySecret(first.secret, await storedHash('mdload', serial))).toBe(false);
    expect(await verifySecret(second.secret, await storedHash('mdload', serial))).toBe(true);

    const revoke = () =>
      t.request({
        method: 'POST',
        url: `/api/v2/devices/mdload/${serial}/revoke?operatingSiteId=${hamburg}`,
        cookie: admin,
      });
    const revoked = await revoke();
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    expect((await revoke()).statusCode).toBe(200);
    const wrongSite = await t.request({
      method: 'POST',
      url: `/api/v2/devices/mdload/${serial}/revoke?operatingSiteId=${site('Bremen GVZ')}`,
      cookie: admin,
    });
    expect(wrongSite.statusCode).toBe(404);

    const audit = (
      await t.request({ url: `/api/v2/audit?operatingSiteId=${hamburg}`, cookie: admin })
    ).json() as AuditPage;
    const mine = audit.entries.filter((entry) => entry.entityId === `mdload-${serial}`).map((entry) => entry.action);
    expect(mine).toEqual(['device.revoked', 'device.credentialsRotated', 'device.registered']);
    expect(JSON.stringify(audit)).not.toContain(second.secret);
  });

  it('imports a CSV file: registers the new devices, skips those registered, refuses foreign sites', async () => {
    const bremen = site('Bremen GVZ');
    const [a, b] = [uniqueId('I'), uniqueId('I')];
    const csv = `serial,class,type,site\n${a},battery,LFP 24V,${bremen}\n"${b}",charger,HF 48V,${bremen}\n`;
    const upload = async (text: string) =>
      t.request({
        method: 'POST',
        url: `/api/v2/devices/import?operatingSiteId=${bremen}`,
        cookie: admin,
        ...(await multipart(text)),
      });
    const first = await upload(csv);
    expect(first.statusCode).toBe(200);
    const result = first.json() as DeviceImportResult;
    expect(result.registered.map((entry) => entry.username)).toEqual([`battery-${a}`, `charger-${b}`]);
    expect(result.skipped).toEqual([]);
    const second = (await upload(csv)).json() as DeviceImportResult;
    expect(second).toEqual({
      registered: [],
      skipped: [
        { deviceClass: 'battery', serialNumber: a },
        { deviceClass: 'charger', serialNumber: b },
      ],
    });

    const badClass = await upload(`serial,class,type,site\n${uniqueId('I')},toaster,x,${bremen}\n`);
    expect(badClass.statusCode).toBe(400);
    expect(badClass.json()).toMatchObject({
      code: 'deviceRegistry.invalidCsv',
      message: expect.stringContaining('Line 2'),
    });
    const badHeader = await upload('serial;class;type;site\n');
    expect(badHeader.json()).toMatchObject({ code: 'deviceRegistry.invalidCsv' });
    const scopedForeignRow = await t.request({
      method: 'POST',
      url: `/api/v2/devices/import?operatingSiteId=${site('Hamburg Hafen')}`,
      cookie: scoped,
      ...(await multipart(`serial,class,type,site\n${uniqueId('I')},battery,x,${site('Wien Süd')}\n`)),
    });
    expect(scopedForeignRow.statusCode).toBe(400);
    expect(scopedForeignRow.json()).toMatchObject({ message: expect.stringContaining('Line 2') });
  });

  describe('in the OpenAPI document', () => {
    it('lists the registry routes', async () => {
      const document = (await t.request({ url: `${DOCS_PREFIX}/json` })).json() as { paths: Record<string, unknown> };
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining([
          '/api/v2/devices',
          '/api/v2/devices/import',
          '/api/v2/devices/{deviceClass}/{serialNumber}/rotate',
          '/api/v2/devices/{deviceClass}/{serialNumber}/revoke',
        ]),
      );
    });
  });
});
