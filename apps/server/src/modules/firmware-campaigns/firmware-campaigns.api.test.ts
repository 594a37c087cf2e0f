import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditPage } from '@cbm/contracts/audit';
import { batteryListItemSchema, batteryListResponseSchema } from '@cbm/contracts/battery-list';
import {
  type CampaignCreate,
  campaignPreviewSchema,
  campaignProgressSchema,
  campaignSitesSchema,
  firmwareReleaseSchema,
} from '@cbm/contracts/firmware-campaigns';
import { UPDATE_FILE_MAX_BYTES } from '@cbm/contracts/update-jobs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { releaseUpload } from '../../../test/firmware-device';
import { signInScopedAdmin, siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

describeEachDatabase('firmware campaigns', (kind) => {
  let t: TestApp;
  let admin: string;
  let ids: Record<string, number>;
  let dataDir: string;
  let types: string[];
  const hamburg = () => ids['Hamburg Hafen'] as number;
  const bremen = () => ids['Bremen GVZ'] as number;

  const upload = async (name: string, data: Buffer | string, fields: Record<string, string>, cookie = admin) =>
    t.request({ ...(await releaseUpload(hamburg(), { name, data }, fields)), cookie });
  const release = async (version: string) => {
    const response = await upload(`bms-${version}.bin`, `image ${version}`, {
      version,
      batteryTypes: types.join(','),
      releaseNotes: `Fixes of ${version}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    return firmwareReleaseSchema.parse(response.json());
  };
  const create = (body: CampaignCreate, cookie = admin) =>
    t.request({
      method: 'POST',
      url: `/api/v2/firmware/campaigns?operatingSiteId=${hamburg()}`,
      payload: body,
      cookie,
    });
  const progress = async (id: number) =>
    campaignProgressSchema.parse((await t.request({ url: `/api/v2/firmware/campaigns/${id}`, cookie: admin })).json());
  const steer = (id: number, action: string, payload?: object) =>
    t.request({
      method: 'POST',
      url: `/api/v2/firmware/campaigns/${id}/${action}`,
      payload: payload ?? {},
      cookie: admin,
    });
  /** The campaign of each of the site's batteries in the expert battery list, and of one on its own. */
  const listedCampaigns = async (siteId: number) => {
    const list = batteryListResponseSchema.parse(
      (await t.request({ url: `/api/v2/battery/BatteryList?operatingSiteIds=${siteId}`, cookie: admin })).json(),
    );
    const [first] = list.batteries;
    const one = await t.request({
      url: `/api/v2/battery/BatteryList/${first?.batterySerialNumber}?operatingSiteId=${siteId}`,
      cookie: admin,
    });
    expect(batteryListItemSchema.parse(one.json()).campaign).toEqual(first?.campaign);
    return new Set(list.batteries.map((battery) => JSON.stringify(battery.campaign)));
  };
  const jobsOf = (campaignId: number) =>
    t.db.query<{ id: number; serial: string; wave: number; status: string }>(
      `SELECT j.id, j.battery_serial_number AS serial, cb.wave, j.status
         FROM update_job j JOIN firmware_campaign_battery cb
           ON cb.campaign_id = j.campaign_id AND cb.battery_serial_number = j.battery_serial_number
        WHERE j.campaign_id = $1 ORDER BY j.id`,
      [campaignId],
    );

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cbm-campaigns-'));
    t = await createTestApp(kind, { DATA_DIR: dataDir, CAMPAIGN_COMMANDS_PER_SECOND: 100 });
    await t.app.ready();
    admin = await t.signIn('admin@cbm.demo');
    ids = await siteNodeIds(t, admin);
    types = (
      await t.db.query<{ battery_type: string }>(
        'SELECT DISTINCT battery_type FROM battery WHERE operating_site_id = ANY($1) ORDER BY 1',
        [[hamburg(), bremen()]],
      )
    ).map((row) => row.battery_type);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps a file once in the library with its version, types, notes and checksum; refuses what cannot be one', async () => {
    const added = await release('6.0.0');
    const sha256 = createHash('sha256').update('image 6.0.0').digest('hex');
    expect(added).toMatchObject({ version: '6.0.0', batteryTypes: types, releaseNotes: 'Fixes of 6.0.0', sha256 });
    expect(existsSync(path.join(dataDir, 'update-files', sha256))).toBe(true);
    const list = (
      await t.request({ url: `/api/v2/firmware/releases?operatingSiteId=${hamburg()}`, cookie: admin })
    ).json();
    expect(list.releases.map((entry: { version: string }) => entry.version)).toContain('6.0.0');

    const fields = { version: '6.0.1', batteryTypes: 'L80-930' };
    const again = await upload('bms-6.0.0.bin', 'other bytes', { ...fields, version: '6.0.0' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('6.0.0');
    expect((await upload('bms.bin', '', fields)).statusCode).toBe(400);
    expect((await upload('bms.exe', 'x', fields)).statusCode).toBe(415);
    expect((await upload('bms.bin', 'x', { version: '6.0.1', batteryTypes: ' , ' })).statusCode).toBe(400);
    expect((await upload('bms.bin', Buffer.alloc(UPDATE_FILE_MAX_BYTES + 1), fields)).statusCode).toBe(413);
    const audit = (await t.request({ url: `/api/v2/audit?operatingSiteId=${hamburg()}`, cookie: admin })).json();
    expect((audit as AuditPage).entries.some((entry) => entry.action === 'firmware.released')).toBe(true);
  });

  it('previews the target set with counts per site and type and how many stand by', async () => {
    const { id } = await release('6.1.0');
    await t.db.query(
      `UPDATE battery SET telemetry_state = 'standby' WHERE serial_number IN (
         SELECT serial_number FROM battery WHERE operating_site_id = $1 ORDER BY serial_number LIMIT 3)`,
      [bremen()],
    );
    const response = await t.request({
      method: 'POST',
      url: `/api/v2/firmware/campaigns/preview?operatingSiteId=${hamburg()}`,
      payload: { releaseId: id, operatingSiteIds: [hamburg(), bremen()] },
      cookie: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = campaignPreviewSchema.parse(response.json());
    expect(preview.total).toBe(60);
    expect(preview.inStandby).toBeGreaterThanOrEqual(3);
    expect(preview.perSite.map((site) => site.count)).toEqual([30, 30]);
    expect(preview.perType.reduce((sum, type) => sum + type.count, 0)).toBe(60);
  });

  it('refuses a wrong battery type, an empty selection, sites outside the user and an overlap; nothing is started', async () => {
    const { id } = await release('6.2.0');
    const base = { name: 'Refused', releaseId: id, operatingSiteIds: [hamburg()] };
    const count = async () =>
      Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM firmware_campaign'))[0]?.n);
    const before = await count();

    const wrongType = await create({ ...base, batteryTypes: ['X-1'] });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ code: 'campaigns.wrongBatteryType' });
    expect((await create({ ...base, currentVersions: ['0.0.1'] })).json()).toMatchObject({
      code: 'campaigns.noBatteries',
    });
    expect((await create({ ...base, waves: [50, 40] })).statusCode).toBe(400);

    const scoped = await signInScopedAdmin(t, {
      email: 'campaigns-scoped@cbm.test',
      features: ['cbm_update', 'cbm_liveview'],
      manages: [hamburg()],
      sees: [{ nodeId: bremen(), feature: 'cbm_liveview' }],
    });
    const outside = await create({ ...base, operatingSiteIds: [hamburg(), bremen()] }, scoped);
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'campaigns.siteNotAllowed' });
    expect(outside.json().message).toContain('Bremen GVZ');
    const otherOrganization = await create({ ...base, operatingSiteIds: [ids['Wien Süd'] as number] });
    expect(otherOrganization.statusCode).toBe(400);
    // Sites and organisations by name, never by id (issue 49, item 6).
    expect(otherOrganization.json().message).toBe(
      'Wien Süd belongs to Alpen Intralogistik AG, the firmware to Nordlicht Logistik GmbH. A campaign stays in one organisation: start one there with its own firmware.',
    );
    const german = await t.request({
      method: 'POST',
      url: `/api/v2/firmware/campaigns?operatingSiteId=${hamburg()}`,
      payload: { ...base, operatingSiteIds: [ids['Wien Süd'] as number] },
      cookie: admin,
      headers: { 'accept-language': 'de' },
    });
    expect(german.json().message).toContain('Wien Süd gehört zu Alpen Intralogistik AG');

    const first = await create({ ...base, name: 'First', currentVersions: [] });
    expect(first.statusCode, first.body).toBe(201);
    const overlap = await create({ ...base, name: 'Second', operatingSiteIds: [hamburg(), bremen()] });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ code: 'campaigns.overlap' });
    expect(overlap.json().message).toContain('First');
    expect(await count()).toBe(before + 1);
    expect((await steer(first.json().id, 'cancel')).statusCode).toBe(200);
    expect((await steer(first.json().id, 'pause')).statusCode).toBe(409);
  });

  it("offers the sites of the page's organisation where the user may update, by name", async () => {
    const response = await t.request({
      url: `/api/v2/firmware/campaign-sites?operatingSiteId=${hamburg()}`,
      cookie: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { organization, sites } = campaignSitesSchema.parse(response.json());
    expect(organization.name).toBe('Nordlicht Logistik GmbH');
    expect(sites.map((site) => site.name)).toEqual(['Bremen GVZ', 'Hamburg Hafen', 'München Riem', 'Stuttgart Hafen']);
  });

  it("targets the batteries off their organisation's expected version in one step", async () => {
    const { id } = await release('6.3.0');
    const [expected] = await t.db.query<{ serial: string; type: string; version: string }>(
      `SELECT serial_number AS serial, battery_type AS type, firmware_version AS version FROM battery
        WHERE operating_site_id = $1 AND firmware_version IS NOT NULL ORDER BY serial_number LIMIT 1`,
      [hamburg()],
    );
    const organizationId = ids['Nordlicht Logistik GmbH'] as number;
    await t.db.query(
      `INSERT INTO expected_version (organization_id, battery_type, firmware_version, updated_at)
       VALUES ($1, $2, $3, now()) ON CONFLICT (organization_id, battery_type) DO UPDATE SET firmware_version = $3`,
      [organizationId, expected?.type, expected?.version],
    );
    const [off] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM battery b
        WHERE b.operating_site_id = $1 AND b.battery_type = ANY($2::text[])
          AND EXISTS (SELECT 1 FROM expected_version e WHERE e.organization_id = $3 AND e.battery_type = b.battery_type
                        AND e.firmware_version IS DISTINCT FROM b.firmware_version)`,
      [hamburg(), types, organizationId],
    );
    const response = await t.request({
      method: 'POST',
      url: `/api/v2/firmware/campaigns/preview?operatingSiteId=${hamburg()}`,
      payload: { releaseId: id, operatingSiteIds: [hamburg()], offExpectedVersion: true },
      cookie: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = campaignPreviewSchema.parse(response.json());
    expect(preview.total).toBe(off?.n);
    expect(preview.batteries.map((battery) => battery.batterySerialNumber)).not.toContain(expected?.serial);
  });

  it('sends wave 1 only, pauses above the failure threshold, and resumes with a fixed release', async () => {
    const broken = await release('7.0.0');
    const fixed = await release('7.0.1');
    const created = await create({
      name: 'Bremen 7.0',
      releaseId: broken.id,
      operatingSiteIds: [bremen()],
      waves: [10, 40, 50],
      failureThresholdPercent: 20,
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = campaignProgressSchema.parse(created.json());
    expect(campaign).toMatchObject({ status: 'running', currentWave: 1, total: 30 });
    expect(campaign.perWave.map((wave) => wave.total)).toEqual([3, 12, 15]);
    const inCampaign = (status: string) => JSON.stringify({ id: campaign.id, name: 'Bremen 7.0', status });
    expect(await listedCampaigns(bremen())).toEqual(new Set([inCampaign('running')]));

    await expect.poll(async () => (await jobsOf(campaign.id)).length, { timeout: 10_000 }).toBe(3);
    const wave1 = await jobsOf(campaign.id);
    expect(wave1.every((job) => job.wave === 1)).toBe(true);
    const software = await t.request({
      url: `/api/v2/battery/Update/${wave1[0]?.serial}?operatingSiteId=${bremen()}`,
      cookie: admin,
    });
    expect(software.json().jobs[0]).toMatchObject({ campaign: { id: campaign.id, name: 'Bremen 7.0' } });
    // Two of the three installs fail: 67 % is above the threshold of 20 %.
    await t.db.query(`UPDATE update_job SET status = 'failed', detail = 'checksum mismatch' WHERE id = ANY($1)`, [
      wave1.slice(0, 2).map((job) => job.id),
    ]);
    await t.db.query(`UPDATE update_job SET status = 'successfully finished' WHERE id = $1`, [wave1[2]?.id]);
    await expect.poll(async () => (await progress(campaign.id)).status, { timeout: 10_000 }).toBe('paused');
    const paused = await progress(campaign.id);
    expect(paused).toMatchObject({ pausedReason: 'failureThreshold', currentWave: 1 });
    expect(paused.failed.map((entry) => entry.reason)).toEqual(['checksum mismatch', 'checksum mismatch']);
    expect(paused.perState).toMatchObject({ failed: 2, 'successfully finished': 1, pending: 27 });
    expect((await jobsOf(campaign.id)).length).toBe(3);

    const resumed = await steer(campaign.id, 'resume', { releaseId: fixed.id });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'running', release: { version: '7.0.1' } });
    await expect.poll(async () => (await jobsOf(campaign.id)).length, { timeout: 10_000 }).toBe(6);
    expect((await jobsOf(campaign.id)).slice(3).every((job) => job.wave === 1 && job.status === 'created')).toBe(true);

    expect((await steer(campaign.id, 'pause')).json()).toMatchObject({ status: 'paused', pausedReason: 'user' });
    expect(await listedCampaigns(bremen())).toEqual(new Set([inCampaign('paused')]));
    expect((await steer(campaign.id, 'cancel')).json()).toMatchObject({ status: 'cancelled' });
    expect(await listedCampaigns(bremen())).toEqual(new Set(['null']));
    // Their batteries have not confirmed the withdrawal (decision 046): the jobs stay as they were.
    expect((await jobsOf(campaign.id)).slice(3).every((job) => job.status === 'created')).toBe(true);
    const audit = (await t.request({ url: `/api/v2/audit?operatingSiteId=${bremen()}`, cookie: admin })).json();
    const actions = (audit as AuditPage).entries.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['campaign.created', 'campaign.paused', 'campaign.resumed', 'campaign.cancelled']),
    );
  });

  it('answers 404 for a campaign the user may not update at, and 403 without the feature', async () => {
    const operator = await t.signIn('operator@cbm.demo');
    expect((await t.request({ url: '/api/v2/firmware/campaigns/1', cookie: operator })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/v2/firmware/campaigns/999999', cookie: admin })).statusCode).toBe(404);
  });
});
