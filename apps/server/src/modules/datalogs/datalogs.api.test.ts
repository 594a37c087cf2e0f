import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AuditPage } from '@cbm/contracts/audit';
import { type Datalog, datalogBatteriesSchema, datalogListSchema, datalogSchema } from '@cbm/contracts/datalogs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

interface SiteBattery {
  serial: string;
  siteId: number;
}

describeEachDatabase('datalogs: the page calls', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let operator: string;
  let here: SiteBattery;
  let elsewhere: SiteBattery;
  let spare: string;

  const request = (serial: string, siteId = here.siteId, cookie = admin, language = 'en') =>
    t.request({
      method: 'POST',
      url: `/api/v2/battery/Datalog/${encodeURIComponent(serial)}?operatingSiteId=${siteId}`,
      cookie,
      headers: { 'accept-language': language, host: 'cbm.test:8443' },
    });
  const list = async (siteId = here.siteId) => {
    const response = await t.request({ url: `/api/v2/battery/Datalog?operatingSiteId=${siteId}`, cookie: admin });
    expect(response.statusCode).toBe(200);
    return datalogListSchema.parse(response.json()).datalogs;
  };
  const sentCommand = async (datalogId: number) => {
    const [row] = await t.db.query<{ payload: { uploadUrl: string; datalogId: number } }>(
      `SELECT c.payload FROM device_command c JOIN datalog d ON d.command_id = c.id WHERE d.id = $1`,
      [datalogId],
    );
    return row?.payload;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cbm-datalogs-'));
    t = await createTestApp(kind, { DATA_DIR: dataDir });
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    const rows = await t.db.query<{ serial_number: string; operating_site_id: number }>(
      `SELECT DISTINCT ON (operating_site_id) serial_number, operating_site_id FROM battery
        ORDER BY operating_site_id, serial_number LIMIT 2`,
    );
    const [first, second] = rows.map((row) => ({ serial: row.serial_number, siteId: row.operating_site_id }));
    here = first as SiteBattery;
    elsewhere = second as SiteBattery;
    const [other] = await t.db.query<{ serial_number: string }>(
      'SELECT serial_number FROM battery WHERE operating_site_id = $1 AND serial_number <> $2 LIMIT 1',
      [here.siteId, here.serial],
    );
    spare = other?.serial_number as string;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('POST /api/v2/battery/Datalog/{serial}', () => {
    let requested: Datalog;

    it('requests a datalog: the command carries a single-use upload link, the request is audited', async () => {
      const response = await request(here.serial);
      expect(response.statusCode).toBe(201);
      requested = datalogSchema.parse(response.json());
      expect(requested).toMatchObject({
        batterySerialNumber: here.serial,
        status: 'requested',
        requestedBy: 'admin@cbm.demo',
        uploadedAt: null,
        failure: null,
      });
      const window = Date.parse(requested.expiresAt as string) - Date.parse(requested.requestedAt);
      expect(window).toBe(15 * 60_000);

      const command = await sentCommand(requested.id);
      expect(command?.datalogId).toBe(requested.id);
      const url = new URL(command?.uploadUrl as string);
      expect(url.origin).toBe('http://cbm.test:8443');
      expect(url.pathname).toBe(`/api/v2/datalogs/${here.serial}/${requested.id}/upload`);
      expect(url.searchParams.get('token')).toMatch(/^[\w-]{32}$/);
      const [stored] = await t.db.query<{ upload_token_hash: string }>(
        'SELECT upload_token_hash FROM datalog WHERE id = $1',
        [requested.id],
      );
      expect(stored?.upload_token_hash).not.toContain(url.searchParams.get('token'));

      const audit = await t.request({ url: `/api/v2/audit?operatingSiteId=${here.siteId}`, cookie: admin });
      const entry = (audit.json() as AuditPage).entries.find((e) => e.action === 'datalog.requested');
      expect(entry).toMatchObject({
        entityType: 'datalog',
        entityId: String(requested.id),
        newValue: { batterySerialNumber: here.serial },
      });
    });

    it('answers 409 while a request of the battery still waits for its upload', async () => {
      const response = await request(here.serial, here.siteId, admin, 'de');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'datalogs.alreadyRequested' });
      expect(response.json().message).toContain('bereits angefordert');
    });

    it('lists the request with the site, newest first', async () => {
      await request(spare);
      const datalogs = await list();
      expect(datalogs.map((d) => d.batterySerialNumber).slice(0, 2)).toEqual([spare, here.serial]);
      expect(datalogs.find((d) => d.id === requested.id)?.status).toBe('requested');
      expect((await list(elsewhere.siteId)).some((d) => d.id === requested.id)).toBe(false);
    });

    it("answers 404 for another site's battery and does not send anything", async () => {
      const before = await t.db.query('SELECT id FROM device_command');
      const response = await request(elsewhere.serial, here.siteId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'batteries.notFound' });
      expect(await t.db.query('SELECT id FROM device_command')).toHaveLength(before.length);
      expect((await request('no-such-battery')).statusCode).toBe(404);
    });

    it('answers 403 without cbm_datalog and 404 for an unknown site', async () => {
      expect((await request(here.serial, here.siteId, operator)).statusCode).toBe(403);
      expect((await request(here.serial, 999_999)).json()).toMatchObject({ code: 'sites.notFound' });
    });
  });

  describe('GET /api/v2/battery/Datalog and …/filters/batteries', () => {
    it("offers the site's batteries by name", async () => {
      const response = await t.request({
        url: `/api/v2/battery/Datalog/filters/batteries?operatingSiteId=${here.siteId}`,
        cookie: admin,
      });
      const batteries = datalogBatteriesSchema.parse(response.json());
      expect(batteries.map((b) => b.batterySerialNumber)).toContain(here.serial);
      expect(batteries.map((b) => b.batterySerialNumber)).not.toContain(elsewhere.serial);
      const names = batteries.map((b) => b.batteryName);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it('answers 403 without cbm_datalog and 400 without a site', async () => {
      for (const url of ['/api/v2/battery/Datalog', '/api/v2/battery/Datalog/filters/batteries']) {
        expect((await t.request({ url: `${url}?operatingSiteId=${here.siteId}`, cookie: operator })).statusCode).toBe(
          403,
        );
        expect((await t.request({ url, cookie: admin })).statusCode).toBe(400);
      }
    });
  });

  describe('GET /api/v2/battery/Datalog/{id}/download', () => {
    const download = (id: number, siteId = here.siteId, cookie = admin) =>
      t.request({ url: `/api/v2/battery/Datalog/${id}/download?operatingSiteId=${siteId}`, cookie });

    it('answers 409 while the datalog is not uploaded', async () => {
      const [datalog] = await list();
      const response = await download(datalog?.id as number);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'datalogs.notUploaded' });
    });

    it("answers 404 for another site's datalog, an unknown one, and 403 without the feature", async () => {
      const [datalog] = await list();
      expect((await download(datalog?.id as number, elsewhere.siteId)).json()).toMatchObject({
        code: 'datalogs.notFound',
      });
      expect((await download(999_999)).statusCode).toBe(404);
      expect((await download(datalog?.id as number, here.siteId, operator)).statusCode).toBe(403);
    });
  });
});
