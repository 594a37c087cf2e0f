import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commandSchema, topicFor } from '@cbm/contracts/device-protocol';
import { campaignProgressSchema, firmwareReleaseSchema } from '@cbm/contracts/firmware-campaigns';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { releaseUpload, type UpdateStep } from '../../../test/firmware-device';
import { connectDevice, json } from '../../../test/mqtt-devices';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const DOWNLOADED: UpdateStep[] = [
  { result: 'accepted', jobStatus: 'acknowledged' },
  { result: 'progress', jobStatus: 'upload pending', detail: 'image verified' },
];
const INSTALLING: UpdateStep[] = [...DOWNLOADED, { result: 'progress', jobStatus: 'started' }];
const DROPPED: UpdateStep = { result: 'done', detail: 'update withdrawn; the image was deleted' };

describeEachDatabase('cancelling a firmware campaign withdraws its jobs from the batteries', (kind) => {
  let t: TestApp;
  let admin: string;
  let dataDir: string;
  let siteId: number;
  const devices: MqttClient[] = [];

  /** A battery that answers firmwareUpdate with `onUpdate` and firmwareCancel with `onCancel`, and logs both. */
  const scriptedBattery = async (serial: string, onUpdate: UpdateStep[], onCancel: UpdateStep) => {
    const device = await connectDevice(t.app);
    devices.push(device);
    const received: string[] = [];
    device.on('message', (_topic, payload) => {
      const command = commandSchema.parse(JSON.parse(payload.toString()));
      received.push(command.type);
      const steps = command.type === 'firmwareUpdate' ? onUpdate : command.type === 'firmwareCancel' ? [onCancel] : [];
      void (async () => {
        for (const [index, step] of steps.entries()) {
          const ts = new Date(Date.now() + index).toISOString();
          await device.publishAsync(topicFor('battery', serial, 'cmd/reply'), json({ id: command.id, ts, ...step }), {
            qos: 1,
          });
        }
      })();
    });
    await device.subscribeAsync(topicFor('battery', serial, 'cmd'), { qos: 1 });
    return received;
  };
  const jobs = () =>
    t.db.query<{ serial: string; status: string; detail: string | null; cancels: number }>(
      `SELECT j.battery_serial_number AS serial, j.status, j.detail,
              (SELECT count(*)::int FROM device_command d
                WHERE d.type = 'firmwareCancel' AND (d.payload ->> 'jobId')::int = j.id) AS cancels
         FROM update_job j JOIN firmware_campaign c ON c.id = j.campaign_id
        WHERE c.name = 'Withdrawn' ORDER BY j.battery_serial_number`,
    );
  const jobOf = async (serial: string) => (await jobs()).find((job) => job.serial === serial);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cbm-campaign-withdrawal-'));
    t = await createTestApp(kind, { DATA_DIR: dataDir, CAMPAIGN_COMMANDS_PER_SECOND: 100 });
    await t.app.ready();
    admin = await t.signIn('admin@cbm.demo');
    siteId = (await siteNodeIds(t, admin))['Hamburg Hafen'] as number;
  });
  afterAll(async () => {
    for (const device of devices) await device.endAsync();
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('ends a downloaded job discarded once its battery confirms; an installing one and unconfirmed ones go on', {
    timeout: 60_000,
  }, async () => {
    const batteries = await t.db.query<{ serial_number: string; battery_type: string }>(
      'SELECT serial_number, battery_type FROM battery WHERE operating_site_id = $1 ORDER BY serial_number',
      [siteId],
    );
    const [waiting, installing, silent] = batteries.map((battery) => battery.serial_number) as [string, string, string];
    const waitingLog = await scriptedBattery(waiting, DOWNLOADED, DROPPED);
    const installingLog = await scriptedBattery(installing, INSTALLING, DROPPED);
    const types = [...new Set(batteries.map((battery) => battery.battery_type))].join(',');
    const upload = await releaseUpload(
      siteId,
      { name: 'bms-8.0.0.bin', data: 'BMS 8.0.0' },
      { version: '8.0.0', batteryTypes: types },
    );
    const release = firmwareReleaseSchema.parse((await t.request({ ...upload, cookie: admin })).json());
    const created = await t.request({
      method: 'POST',
      url: `/api/v2/firmware/campaigns?operatingSiteId=${siteId}`,
      payload: { name: 'Withdrawn', releaseId: release.id, operatingSiteIds: [siteId], waves: [100] },
      cookie: admin,
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = campaignProgressSchema.parse(created.json());
    await expect.poll(async () => (await jobOf(waiting))?.status, { timeout: 20_000 }).toBe('upload pending');
    await expect.poll(async () => (await jobOf(installing))?.status, { timeout: 20_000 }).toBe('started');
    await expect.poll(async () => (await jobs()).length, { timeout: 20_000 }).toBe(batteries.length);

    const cancelled = await t.request({
      method: 'POST',
      url: `/api/v2/firmware/campaigns/${campaign.id}/cancel`,
      payload: {},
      cookie: admin,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expect
      .poll(async () => jobOf(waiting), { timeout: 20_000 })
      .toMatchObject({ status: 'discarded', detail: DROPPED.detail, cancels: 1 });
    expect(waitingLog).toEqual(['firmwareUpdate', 'firmwareCancel']);
    // Writing the BMS is not cut: no withdrawal is sent, the job reports its own end.
    expect(await jobOf(installing)).toMatchObject({ status: 'started', cancels: 0 });
    expect(installingLog).toEqual(['firmwareUpdate']);
    // A battery that has not answered keeps its job until it confirms; its withdrawal waits in its session.
    await expect.poll(async () => jobOf(silent), { timeout: 20_000 }).toMatchObject({ status: 'created', cancels: 1 });
    const progress = campaignProgressSchema.parse(
      (await t.request({ url: `/api/v2/firmware/campaigns/${campaign.id}`, cookie: admin })).json(),
    );
    expect(progress).toMatchObject({ status: 'cancelled', perState: { discarded: 1, started: 1 } });
  });
});
