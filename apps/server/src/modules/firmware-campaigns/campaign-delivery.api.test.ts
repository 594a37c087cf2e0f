import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { campaignProgressSchema, firmwareReleaseSchema } from '@cbm/contracts/firmware-campaigns';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { releaseUpload } from '../../../test/firmware-device';
import { testGateway } from '../../../test/mqtt-devices';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { deviceBrokerUrl } from '../device-channel/device-channel-plugin';

/**
 * Issue 45: at 4 commands a second, commands the campaign stored as sent never reached a gateway that watched every
 * battery's `cmd` with a persistent session (the embedded broker with its sessions on disk, as the server runs it).
 */
describeEachDatabase('a campaign at 4 commands a second, watched from outside', (kind) => {
  let t: TestApp;
  let admin: string;
  let dataDir: string;
  let watcher: MqttClient;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cbm-delivery-'));
    t = await createTestApp(
      kind,
      { DATA_DIR: dataDir, CAMPAIGN_COMMANDS_PER_SECOND: 4 },
      { brokerSessionsDir: path.join(dataDir, 'mqtt-sessions') },
    );
    await t.app.ready();
    admin = await t.signIn('admin@cbm.demo');
  });
  afterAll(async () => {
    await watcher?.endAsync();
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers every command it recorded as sent', { timeout: 120_000 }, async () => {
    const ids = await siteNodeIds(t, admin);
    const sites = [ids['Hamburg Hafen'] as number, ids['Bremen GVZ'] as number];
    const types = await t.db.query<{ battery_type: string }>(
      'SELECT DISTINCT battery_type FROM battery WHERE operating_site_id = ANY($1)',
      [sites],
    );
    const received = new Map<string, number>();
    const login = await testGateway(t.app);
    watcher = await mqtt.connectAsync(deviceBrokerUrl(t.app), { ...login, clean: false, reconnectPeriod: 0 });
    watcher.on('message', (_topic, payload) => {
      const { id } = JSON.parse(payload.toString()) as { id: string };
      received.set(id, (received.get(id) ?? 0) + 1);
    });
    await watcher.subscribeAsync('cbm/v1/battery/+/cmd', { qos: 1 });
    const file = { name: 'bms-9.0.0.bin', data: 'BMS 9' };
    const fields = { version: '9.0.0', batteryTypes: types.map((row) => row.battery_type).join(',') };
    const upload = await releaseUpload(sites[0] as number, file, fields);
    const release = firmwareReleaseSchema.parse((await t.request({ ...upload, cookie: admin })).json());
    const created = await t.request({
      method: 'POST',
      url: `/api/v2/firmware/campaigns?operatingSiteId=${sites[0]}`,
      payload: { name: 'All at once', releaseId: release.id, operatingSiteIds: sites, waves: [100] },
      cookie: admin,
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = campaignProgressSchema.parse(created.json());
    const total = campaign.perWave.reduce((sum, wave) => sum + wave.total, 0);
    const sent = async () =>
      (
        await t.db.query<{ command_id: string }>(
          'SELECT command_id FROM update_job WHERE campaign_id = $1 AND command_id IS NOT NULL',
          [campaign.id],
        )
      ).map((row) => row.command_id);
    await expect.poll(async () => (await sent()).length, { timeout: 60_000, interval: 500 }).toBe(total);
    const commands = await sent();
    await expect.poll(() => commands.filter((id) => !received.has(id)), { timeout: 5_000 }).toEqual([]);
    // Nobody answered: the page shows every battery's command sent, none received or answered (decision 072).
    const shown = campaignProgressSchema.parse(
      (await t.request({ url: `/api/v2/firmware/campaigns/${campaign.id}`, cookie: admin })).json(),
    );
    expect(shown.delivery).toEqual({ sent: total, received: 0, answered: 0 });
  });
});
