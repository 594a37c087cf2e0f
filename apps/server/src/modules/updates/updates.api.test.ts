import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditPage } from '@cbm/contracts/audit';
import { expectedVersionsSchema, softwareInfoSchema } from '@cbm/contracts/battery-list';
import { UPDATE_FILE_MAX_BYTES, UPDATE_JOB_PATH, updateStartResponseSchema } from '@cbm/contracts/update-jobs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  firmwareDevice,
  SUCCESSFUL_UPDATE,
  type UpdateFile,
  type UpdateStep,
  updateUpload,
} from '../../../test/firmware-device';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

describeEachDatabase('software updates', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let ids: Record<string, number>;
  let dataDir: string;
  const devices: MqttClient[] = [];
  const hamburg = () => ids['Hamburg Hafen'] as number;

  const fakeBattery = async (serial: string, steps: UpdateStep[]) => {
    const battery = await firmwareDevice(t, serial, steps);
    devices.push(battery.device);
    return battery;
  };
  const upload = async (serial: string, file: UpdateFile, fields?: Record<string, string>) =>
    t.request({ ...(await updateUpload(hamburg(), serial, file, fields)), cookie: admin });

  const info = async (serial: string, cookie = admin) => {
    const response = await t.request({ url: `/api/v2/battery/Update/${serial}?operatingSiteId=${hamburg()}`, cookie });
    expect(response.statusCode).toBe(200);
    return softwareInfoSchema.parse(response.json());
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cbm-updates-'));
    t = await createTestApp(kind, { DATA_DIR: dataDir });
    await t.app.ready();
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    ids = await siteNodeIds(t, admin);
  });
  afterAll(async () => {
    for (const device of devices) await device.endAsync();
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates a job, sends it to the battery and follows every status to the end', async () => {
    const serial = '2000030';
    const battery = await fakeBattery(serial, SUCCESSFUL_UPDATE);
    const image = Buffer.from('BMS image 5.13.0');
    const sha256 = createHash('sha256').update(image).digest('hex');
    const response = await upload(serial, { name: 'bms-5.13.0.bin', data: image }, { id: '', createTimestamp: '' });
    expect(response.statusCode).toBe(201);
    const started = updateStartResponseSchema.parse(response.json());
    // The answer shows the job as it is then: a quick battery may already be on its way through the main path.
    expect(started).toMatchObject({
      upToDate: false,
      job: { updateFile: { fileName: 'bms-5.13.0.bin', sha256, version: '5.13.0' } },
    });
    expect(UPDATE_JOB_PATH).toContain(started.job?.status);
    expect(existsSync(path.join(dataDir, 'update-files', sha256))).toBe(true);

    await expect
      .poll(async () => (await info(serial)).jobs[0]?.status, { timeout: 15_000 })
      .toBe('successfully finished');
    const [job] = (await info(serial)).jobs;
    expect(job?.acknowledgedTimestamp).not.toBeNull();
    expect(job?.resultTimestamp).not.toBeNull();
    expect(battery.downloads).toEqual([{ status: 200, sha256 }]);

    const expected = expectedVersionsSchema.parse(
      (
        await t.request({
          url: `/api/v2/battery/BatteryList/filters/expectedVersions?operatingSiteId=${hamburg()}`,
          cookie: admin,
        })
      ).json(),
    );
    expect(expected.find((entry) => entry.batteryType === 'L80-930')?.firmwareVersion).toBe('5.13.0');
    const audit = (await t.request({ url: `/api/v2/audit?operatingSiteId=${hamburg()}`, cookie: admin })).json();
    expect((audit as AuditPage).entries[0]).toMatchObject({ action: 'update.started', entityId: serial });

    // The link was for this job only and ends with it.
    const [command] = await t.db.query<{ payload: { downloadUrl: string } }>(
      `SELECT payload FROM device_command WHERE serial_number = $1 AND type = 'firmwareUpdate'`,
      [serial],
    );
    const link = new URL(command?.payload.downloadUrl as string);
    expect((await t.request({ url: `${link.pathname}${link.search}` })).statusCode).toBe(404);
    expect((await t.request({ url: `${link.pathname}?token=${'x'.repeat(43)}` })).statusCode).toBe(404);
  });

  it("refuses a download token for another battery's or another job's image", async () => {
    const image = 'BMS image 8.0.0';
    const jobs = [];
    for (const serial of ['2000008', '2000009']) {
      const started = updateStartResponseSchema.parse(
        (await upload(serial, { name: 'bms-8.0.0.bin', data: image })).json(),
      );
      const [command] = await t.db.query<{ payload: { downloadUrl: string } }>(
        `SELECT payload FROM device_command WHERE serial_number = $1 AND type = 'firmwareUpdate'`,
        [serial],
      );
      const link = new URL(command?.payload.downloadUrl as string);
      expect(link.pathname).toBe(`/api/v2/updates/${serial}/${started.job?.id}/download`);
      jobs.push({ serial, id: started.job?.id as number, token: link.search });
    }
    const [a, b] = jobs as [(typeof jobs)[0], (typeof jobs)[0]];
    const download = (serial: string, id: number, token: string) =>
      t.request({ url: `/api/v2/updates/${serial}/${id}/download${token}` });
    for (const [serial, id] of [
      [b.serial, a.id],
      [a.serial, b.id],
      [b.serial, b.id],
    ] as const) {
      const refused = await download(serial, id, a.token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'request.notFound' });
    }
    for (const job of [a, b]) {
      const own = await download(job.serial, job.id, job.token);
      expect(own.statusCode).toBe(200);
      expect(own.body).toBe(image);
    }
  });

  it('refuses transitions the state machine does not allow and keeps the job as it was', async () => {
    const serial = '2000004';
    await fakeBattery(serial, [
      { result: 'accepted', jobStatus: 'acknowledged' },
      { result: 'progress', jobStatus: 'executed' },
      { result: 'progress', jobStatus: 'upload pending' },
      { result: 'rejected', jobStatus: 'rejected' },
    ]);
    expect((await upload(serial, { name: 'bms-6.0.0.bin', data: 'six' })).statusCode).toBe(201);
    const replies = async () =>
      (
        await t.db.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM device_command_reply r JOIN device_command c ON c.id = r.command_id
            WHERE c.serial_number = $1`,
          [serial],
        )
      )[0]?.count;
    await expect.poll(replies, { timeout: 15_000 }).toBe(4);
    expect((await info(serial)).jobs[0]).toMatchObject({ status: 'executed', resultTimestamp: null });
  });

  it('replaces a job that has not begun installing, and refuses a new one while installing', async () => {
    const serial = '2000005';
    const first = updateStartResponseSchema.parse((await upload(serial, { name: 'bms-7.0.0.bin', data: 'a' })).json());
    const second = updateStartResponseSchema.parse((await upload(serial, { name: 'bms-7.0.1.bin', data: 'b' })).json());
    const jobs = (await info(serial)).jobs;
    expect(jobs.map((job) => [job.id, job.status])).toEqual([
      [second.job?.id, 'created'],
      [first.job?.id, 'obsolete'],
    ]);
    await t.db.query(`UPDATE update_job SET status = 'in progress' WHERE id = $1`, [second.job?.id]);
    const refused = await upload(serial, { name: 'bms-7.0.2.bin', data: 'c' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'updates.installing' });
  });

  it('answers "already up to date" for the version the battery runs, without a job', async () => {
    const response = await upload('2000006', { name: 'firmware.bin', data: 'same' }, { version: '5.12.3' });
    const [battery] = await t.db.query<{ firmware_version: string }>(
      `SELECT firmware_version FROM battery WHERE serial_number = '2000006'`,
    );
    if (battery?.firmware_version !== '5.12.3') return;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ upToDate: true, job: null });
    expect((await info('2000006')).jobs).toEqual([]);
  });

  it('limits size and type, and explains what is wrong (en and de)', async () => {
    const tooLarge = await upload('2000007', { name: 'big.bin', data: Buffer.alloc(UPDATE_FILE_MAX_BYTES + 1) });
    expect(tooLarge.statusCode).toBe(413);
    const wrongType = await upload('2000007', { name: 'bms-5.13.0.exe', data: 'MZ' });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ code: 'updates.fileType', message: expect.stringContaining('.bin') });
    const noVersion = await upload('2000007', { name: 'image.bin', data: 'x' });
    expect(noVersion.json()).toMatchObject({ statusCode: 400, code: 'updates.versionMissing' });
    const empty = await upload('2000007', { name: 'bms-1.0.0.bin', data: '' });
    expect(empty.statusCode).toBe(400);
    const withId = await upload('2000007', { name: 'bms-1.0.0.bin', data: 'x' }, { id: '17' });
    expect(withId.statusCode).toBe(400);
    expect(withId.json().errors).toEqual({ 'body.id': ['Leave this empty: the server assigns it'] });
    const json = await t.request({
      method: 'POST',
      url: `/api/v2/battery/Update/${hamburg()}/2000007`,
      cookie: admin,
      headers: { 'accept-language': 'de' },
      payload: { id: 1 },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toMatch(/Datei|multipart/);
    const stored = await readdir(path.join(dataDir, 'update-files'));
    expect(stored.filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('answers 404 for other-site serials and unknown sites, 403 without cbm_update', async () => {
    expect((await upload('2010001', { name: 'bms-9.0.0.bin', data: 'x' })).statusCode).toBe(404);
    const unknownSite = await t.request({
      url: '/api/v2/battery/Update/2000001?operatingSiteId=999999',
      cookie: admin,
    });
    expect(unknownSite.statusCode).toBe(404);
    const otherSite = await t.request({
      url: `/api/v2/battery/Update/2010001?operatingSiteId=${hamburg()}`,
      cookie: admin,
    });
    expect(otherSite.statusCode).toBe(404);
    const forbidden = await t.request({
      url: `/api/v2/battery/Update/2000001?operatingSiteId=${hamburg()}`,
      cookie: operator,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(await info('2000001')).toMatchObject({ jobs: [], batterySerialNumber: '2000001' });
  });
});
