import { createHash } from 'node:crypto';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DATALOG_MAX_BYTES, type Datalog, datalogListSchema } from '@cbm/contracts/datalogs';
import { topicFor } from '@cbm/contracts/device-protocol';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDevice, json } from '../../../test/mqtt-devices';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { runDatalogRetention } from './datalog-retention';
import { datalogStorage } from './datalog-storage';

const DAY_MS = 24 * 60 * 60 * 1000;
const zip = zipSync({ 'battery-samples.csv': strToU8('ts;soc\n2026-11-21T10:00:00Z;55\n') });

describeEachDatabase('datalogs: the device upload, download and retention', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let siteId: number;
  let serials: string[];
  let next = 0;

  /** Requests a datalog from the next battery of the site; answers it with the upload path from the command. */
  const requestDatalog = async () => {
    const serial = serials[next++] as string;
    const response = await t.request({
      method: 'POST',
      url: `/api/v2/battery/Datalog/${serial}?operatingSiteId=${siteId}`,
      cookie: admin,
    });
    expect(response.statusCode).toBe(201);
    const datalog = response.json() as Datalog;
    const [row] = await t.db.query<{ payload: { uploadUrl: string }; id: string }>(
      'SELECT c.id, c.payload FROM device_command c JOIN datalog d ON d.command_id = c.id WHERE d.id = $1',
      [datalog.id],
    );
    const url = new URL(row?.payload.uploadUrl as string);
    return { datalog, serial, commandId: row?.id as string, uploadPath: `${url.pathname}${url.search}` };
  };
  const upload = (uploadPath: string, body: Uint8Array | string, contentType = 'application/zip') =>
    t.request({
      method: 'PUT',
      url: uploadPath,
      payload: Buffer.from(body),
      headers: { 'content-type': contentType, 'accept-language': 'en' },
    });
  const status = async (id: number) => {
    const response = await t.request({ url: `/api/v2/battery/Datalog?operatingSiteId=${siteId}`, cookie: admin });
    return datalogListSchema.parse(response.json()).datalogs.find((d) => d.id === id);
  };
  const download = (id: number) =>
    t.request({ url: `/api/v2/battery/Datalog/${id}/download?operatingSiteId=${siteId}`, cookie: admin });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cbm-datalog-upload-'));
    t = await createTestApp(kind, { DATA_DIR: dataDir });
    admin = await t.signIn('admin@cbm.demo');
    const [site] = await t.db.query<{ operating_site_id: number }>(
      'SELECT operating_site_id FROM battery GROUP BY 1 HAVING count(*) >= 12 ORDER BY 1 LIMIT 1',
    );
    siteId = site?.operating_site_id as number;
    const rows = await t.db.query<{ serial_number: string }>(
      'SELECT serial_number FROM battery WHERE operating_site_id = $1 ORDER BY serial_number',
      [siteId],
    );
    serials = rows.map((row) => row.serial_number);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores an uploaded zip with its checksum; the download is that zip for four days', async () => {
    const { datalog, uploadPath } = await requestDatalog();
    const response = await upload(uploadPath, zip);
    expect(response.statusCode).toBe(204);
    const stored = await status(datalog.id);
    expect(stored).toMatchObject({
      status: 'uploaded',
      sizeBytes: zip.length,
      sha256: createHash('sha256').update(zip).digest('hex'),
    });
    expect(Date.parse(stored?.expiresAt as string) - Date.parse(stored?.uploadedAt as string)).toBe(4 * DAY_MS);

    const file = await download(datalog.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="datalog-${datalog.batterySerialNumber}-${datalog.id}.zip"`,
    );
    expect(Object.keys(unzipSync(new Uint8Array(file.rawPayload)))).toEqual(['battery-samples.csv']);
  });

  it('uses a token once: a second upload with it is refused and changes nothing', async () => {
    const { datalog, uploadPath } = await requestDatalog();
    expect((await upload(uploadPath, zip)).statusCode).toBe(204);
    const again = await upload(uploadPath, zipSync({ 'other.txt': strToU8('x') }));
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'datalogs.uploadTokenInvalid' });
    expect(unzipSync(new Uint8Array((await download(datalog.id)).rawPayload))).toHaveProperty(['battery-samples.csv']);
  });

  it('refuses a wrong token, another datalog id and a run-out link', async () => {
    const { datalog, uploadPath } = await requestDatalog();
    const wrong = uploadPath.replace(/token=.*/, 'token=forged-token');
    expect((await upload(wrong, zip)).statusCode).toBe(403);
    const otherId = uploadPath.replace(`/${datalog.id}/upload`, `/${datalog.id + 1000}/upload`);
    expect((await upload(otherId, zip)).statusCode).toBe(403);
    expect((await upload(uploadPath.replace(/\?.*/, ''), zip)).statusCode).toBe(400);

    await t.db.query(`UPDATE datalog SET upload_token_expires_at = now() - interval '1 second' WHERE id = $1`, [
      datalog.id,
    ]);
    const late = await upload(uploadPath, zip);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(
      'This upload link is not valid: it is unknown, has run out or has already been used.',
    );
    expect((await status(datalog.id))?.status).toBe('requested');
  });

  it("refuses a token for another battery's or another datalog's upload; it stays good for its own", async () => {
    const first = await requestDatalog();
    const second = await requestDatalog();
    const token = new URL(first.uploadPath, 'http://x').search;
    const elsewhere = [
      `/api/v2/datalogs/${second.serial}/${second.datalog.id}/upload${token}`,
      `/api/v2/datalogs/${second.serial}/${first.datalog.id}/upload${token}`,
      `/api/v2/datalogs/${first.serial}/${second.datalog.id}/upload${token}`,
    ];
    for (const path of elsewhere) {
      const refused = await upload(path, zip);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'datalogs.uploadTokenInvalid' });
    }
    expect((await status(second.datalog.id))?.status).toBe('requested');
    expect((await upload(first.uploadPath, zip)).statusCode).toBe(204);
    expect((await upload(second.uploadPath, zip)).statusCode).toBe(204);
  });

  it('refuses what is not a zip (400) and an oversized upload (413); the token stays usable', async () => {
    const { datalog, uploadPath } = await requestDatalog();
    const text = await upload(uploadPath, 'just some text', 'text/plain');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'datalogs.invalidZip' });
    expect(text.json().message).toContain('not a valid zip archive');
    expect((await upload(uploadPath, zip.subarray(0, zip.length - 10))).statusCode).toBe(400);
    expect((await upload(uploadPath, new Uint8Array(DATALOG_MAX_BYTES + 1))).statusCode).toBe(413);
    expect((await status(datalog.id))?.status).toBe('requested');
    expect((await upload(uploadPath, zip, 'application/octet-stream')).statusCode).toBe(204);
  });

  it('fails the request when the device refuses the command', async () => {
    const { datalog, serial, commandId } = await requestDatalog();
    const device = await connectDevice(t.app);
    await device.publishAsync(
      topicFor('battery', serial, 'cmd/reply'),
      json({ id: commandId, ts: new Date().toISOString(), result: 'rejected', detail: 'log storage busy' }),
      { qos: 1 },
    );
    await device.endAsync();
    await expect.poll(async () => (await status(datalog.id))?.status, { timeout: 10_000 }).toBe('failed');
    expect(await status(datalog.id)).toMatchObject({ failure: 'refused', failureDetail: 'log storage busy' });
    expect((await download(datalog.id)).statusCode).toBe(409);
  });

  it('retention deletes zips after four days and fails requests whose link ran out', async () => {
    const kept = await requestDatalog();
    await upload(kept.uploadPath, zip);
    const waiting = await requestDatalog();
    const [row] = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM datalog WHERE id = $1', [
      kept.datalog.id,
    ]);
    const file = datalogStorage(dataDir).pathOf(row?.storage_key as string);
    const storage = datalogStorage(dataDir);

    const early = await runDatalogRetention(t.db, storage, new Date(Date.now() + 4 * DAY_MS - 60_000));
    expect(early.expired).toBeGreaterThanOrEqual(0);
    expect((await status(kept.datalog.id))?.status).toBe('uploaded');
    await expect(access(file)).resolves.toBeUndefined();
    expect((await status(waiting.datalog.id))?.status).toBe('failed');
    expect((await status(waiting.datalog.id))?.failure).toBe('timeout');

    await runDatalogRetention(t.db, storage, new Date(Date.now() + 4 * DAY_MS + 60_000));
    expect((await status(kept.datalog.id))?.status).toBe('expired');
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
    const gone = await download(kept.datalog.id);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'datalogs.expired' });
  });

  it('answers 410 for a zip past its four days before the job has run', async () => {
    const { datalog, uploadPath } = await requestDatalog();
    await upload(uploadPath, zip);
    await t.db.query(`UPDATE datalog SET expires_at = now() - interval '1 second' WHERE id = $1`, [datalog.id]);
    expect((await download(datalog.id)).statusCode).toBe(410);
  });
});
