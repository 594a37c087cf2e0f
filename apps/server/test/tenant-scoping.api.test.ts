import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditPage } from '@cbm/contracts/audit';
import { expectedVersionsSchema, softwareInfoSchema } from '@cbm/contracts/battery-list';
import { type Datalog, datalogListSchema } from '@cbm/contracts/datalogs';
import { strToU8, zipSync } from 'fflate';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { firmwareDevice, SUCCESSFUL_UPDATE, updateUpload } from './firmware-device';
import { siteNodeIds } from './site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';

const zip = zipSync({ 'battery-samples.csv': strToU8('ts;soc\n2026-11-21T10:00:00Z;55\n') });

/**
 * Tenants apart (docs/decisions/025-tenant-scoping.md): expected versions belong to an organisation, update
 * jobs and datalogs to the site they were made at, also after an administrator has moved the battery.
 */
describeEachDatabase('tenant scoping', (kind) => {
  let t: TestApp;
  let admin: string;
  let ids: Record<string, number>;
  let dataDir: string;
  let device: MqttClient | undefined;
  /** A battery at Hamburg Hafen (Nordlicht), another one there and one at Wien Süd (Alpen), all of one type, up to date. */
  let moved: string;
  let neighbour: string;
  let alpine: string;
  let batteryType: string;
  let datalogId: number;
  const site = (name: string) => ids[name] as number;

  const expectedFirmware = async (siteId: number) => {
    const response = await t.request({
      url: `/api/v2/battery/BatteryList/filters/expectedVersions?operatingSiteId=${siteId}`,
      cookie: admin,
    });
    expect(response.statusCode).toBe(200);
    return expectedVersionsSchema.parse(response.json()).find((entry) => entry.batteryType === batteryType)
      ?.firmwareVersion;
  };
  const softwareInfo = (serial: string, siteId: number) =>
    t.request({ url: `/api/v2/battery/Update/${serial}?operatingSiteId=${siteId}`, cookie: admin });
  const datalogs = async (siteId: number) => {
    const response = await t.request({ url: `/api/v2/battery/Datalog?operatingSiteId=${siteId}`, cookie: admin });
    return datalogListSchema.parse(response.json()).datalogs;
  };
  const downloadDatalog = (id: number, siteId: number) =>
    t.request({ url: `/api/v2/battery/Datalog/${id}/download?operatingSiteId=${siteId}`, cookie: admin });
  const requestDatalog = async (serial: string, siteId: number) => {
    const response = await t.request({
      method: 'POST',
      url: `/api/v2/battery/Datalog/${serial}?operatingSiteId=${siteId}`,
      cookie: admin,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as Datalog;
  };
  const move = async (serial: string, targetOperatingSiteId: number) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v2/OsAdmin/batteries',
      payload: { targetOperatingSiteId, batterySerialNumbers: [serial] },
      cookie: admin,
    });
    expect(response.statusCode).toBe(200);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cbm-tenants-'));
    t = await createTestApp(kind, { DATA_DIR: dataDir });
    await t.app.ready();
    admin = await t.signIn('admin@cbm.demo');
    ids = await siteNodeIds(t, admin);
    const upToDate = async (siteId: number) =>
      t.db.query<{ serial_number: string; battery_type: string }>(
        `SELECT b.serial_number, b.battery_type FROM battery b
          WHERE b.operating_site_id = $1 AND b.firmware_version = (
            SELECT max(e.firmware_version) FROM expected_version e WHERE e.battery_type = b.battery_type)
          ORDER BY b.battery_type, b.serial_number`,
        [siteId],
      );
    const hamburg = await upToDate(site('Hamburg Hafen'));
    const wien = await upToDate(site('Wien Süd'));
    const ofType = (rows: typeof hamburg, type: string) => rows.filter((row) => row.battery_type === type);
    const chosen = hamburg.find(
      (row) => ofType(hamburg, row.battery_type).length >= 2 && ofType(wien, row.battery_type).length >= 1,
    );
    batteryType = chosen?.battery_type as string;
    const [first, second] = ofType(hamburg, batteryType);
    moved = first?.serial_number as string;
    neighbour = second?.serial_number as string;
    alpine = ofType(wien, batteryType)[0]?.serial_number as string;
    expect([moved, neighbour, alpine].every(Boolean)).toBe(true);
  });
  afterAll(async () => {
    await device?.endAsync();
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("raises the expected version in the job's organisation only", async () => {
    const before = await expectedFirmware(site('Wien Süd'));
    device = (await firmwareDevice(t, moved, SUCCESSFUL_UPDATE)).device;
    const started = await t.request({
      ...(await updateUpload(site('Hamburg Hafen'), moved, { name: 'bms-9.1.0.bin', data: 'BMS image 9.1.0' })),
      cookie: admin,
    });
    expect(started.statusCode).toBe(201);
    await expect
      .poll(async () => softwareInfoSchema.parse((await softwareInfo(moved, site('Hamburg Hafen'))).json()).jobs[0])
      .toMatchObject({ status: 'successfully finished' });

    expect(await expectedFirmware(site('Hamburg Hafen'))).toBe('9.1.0');
    expect(await expectedFirmware(site('Bremen GVZ'))).toBe('9.1.0');
    expect(await expectedFirmware(site('Wien Süd'))).toBe(before);
    const here = softwareInfoSchema.parse((await softwareInfo(neighbour, site('Hamburg Hafen'))).json());
    expect(here.outdated).toContain('firmwareVersion');
    const there = softwareInfoSchema.parse((await softwareInfo(alpine, site('Wien Süd'))).json());
    expect(there.expectedVersions?.firmwareVersion).toBe(before);
    expect(there.outdated).not.toContain('firmwareVersion');
  });

  it('keeps datalogs and update jobs at the site they were made at when the battery moves', async () => {
    const datalog = await requestDatalog(moved, site('Hamburg Hafen'));
    datalogId = datalog.id;
    const [command] = await t.db.query<{ payload: { uploadUrl: string } }>(
      'SELECT c.payload FROM device_command c JOIN datalog d ON d.command_id = c.id WHERE d.id = $1',
      [datalog.id],
    );
    const link = new URL(command?.payload.uploadUrl as string);
    const uploaded = await t.request({
      method: 'PUT',
      url: `${link.pathname}${link.search}`,
      payload: Buffer.from(zip),
      headers: { 'content-type': 'application/zip' },
    });
    expect(uploaded.statusCode).toBe(204);

    await move(moved, site('Bremen GVZ'));

    // The new site sees neither the old site's datalog nor its jobs (nor who started them).
    expect((await datalogs(site('Bremen GVZ'))).map((entry) => entry.id)).not.toContain(datalogId);
    expect((await downloadDatalog(datalogId, site('Bremen GVZ'))).json()).toMatchObject({
      code: 'datalogs.notFound',
    });
    const atNewSite = await softwareInfo(moved, site('Bremen GVZ'));
    expect(softwareInfoSchema.parse(atNewSite.json()).jobs).toEqual([]);
    expect(atNewSite.body).not.toContain('admin@cbm.demo');
    expect(await expectedFirmware(site('Bremen GVZ'))).toBe('9.1.0');

    // The old site keeps its datalog, and its update in the audit log; the battery itself is gone from it.
    expect((await datalogs(site('Hamburg Hafen'))).find((entry) => entry.id === datalogId)).toMatchObject({
      batterySerialNumber: moved,
      status: 'uploaded',
      requestedBy: 'admin@cbm.demo',
    });
    const download = await downloadDatalog(datalogId, site('Hamburg Hafen'));
    expect(download.statusCode).toBe(200);
    expect(Buffer.from(download.rawPayload)).toEqual(Buffer.from(zip));
    expect((await softwareInfo(moved, site('Hamburg Hafen'))).statusCode).toBe(404);
    const audit = await t.request({ url: `/api/v2/audit?operatingSiteId=${site('Hamburg Hafen')}`, cookie: admin });
    expect((audit.json() as AuditPage).entries.some((e) => e.action === 'update.started' && e.entityId === moved)).toBe(
      true,
    );

    // What the new site asks for from now on is its own.
    const fresh = await requestDatalog(moved, site('Bremen GVZ'));
    expect((await datalogs(site('Bremen GVZ'))).map((entry) => entry.id)).toContain(fresh.id);
    expect((await datalogs(site('Hamburg Hafen'))).map((entry) => entry.id)).not.toContain(fresh.id);
  });

  it("measures a battery moved to another organisation against that organisation's expected versions", async () => {
    await move(moved, site('Wien Süd'));
    const info = softwareInfoSchema.parse((await softwareInfo(moved, site('Wien Süd'))).json());
    expect(info.expectedVersions?.firmwareVersion).toBe(await expectedFirmware(site('Wien Süd')));
    expect(info.expectedVersions?.firmwareVersion).not.toBe('9.1.0');
    expect(info.jobs).toEqual([]);
    expect((await datalogs(site('Wien Süd'))).map((entry) => entry.batterySerialNumber)).not.toContain(moved);
  });
});
