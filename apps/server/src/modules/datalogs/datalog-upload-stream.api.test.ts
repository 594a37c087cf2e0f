import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DATALOG_MAX_BYTES, type Datalog } from '@cbm/contracts/datalogs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const MIB = 1024 * 1024;
const zip = Buffer.from(zipSync({ 'battery-samples.csv': strToU8('ts;soc\n2026-11-21T10:00:00Z;55\n') }));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Milliseconds from sending the headers to the answer. */
  ms: number;
}

/** An upload over a real connection: sends the headers and what `send` writes; gives up after 5 s without an answer. */
function put(
  port: number,
  urlPath: string,
  headers: http.OutgoingHttpHeaders,
  send: (request: http.ClientRequest) => void,
) {
  return new Promise<Answer & { request: http.ClientRequest }>((resolve, reject) => {
    const started = performance.now();
    const request = http.request({ host: '127.0.0.1', port, method: 'PUT', path: urlPath, headers });
    const patience = setTimeout(() => {
      request.destroy();
      reject(new Error('no answer within 5 s: the server waits for the body'));
    }, 5000);
    request.on('error', () => undefined);
    request.on('response', (response) => {
      const ms = performance.now() - started;
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => {
        clearTimeout(patience);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, ms, request });
      });
    });
    send(request);
  });
}

/** Writes 1 MiB chunks as fast as the connection takes them until `limit` bytes or the answer. */
function keepWriting(request: http.ClientRequest, limit: number) {
  const chunk = Buffer.alloc(MIB, 0x41);
  let written = 0;
  const more = () => {
    while (written < limit && !request.destroyed) {
      written += chunk.length;
      if (!request.write(chunk)) return void request.once('drain', more);
    }
    if (written >= limit) request.end();
  };
  request.once('response', () => {
    written = limit;
  });
  more();
}

describeEachDatabase('datalogs: the upload is read only after its token is checked', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let port: number;
  let siteId: number;
  let serials: string[];
  let next = 0;

  /** Requests a datalog of the next battery; answers it with its upload path (with the token). */
  const requestDatalog = async () => {
    const serial = serials[next++] as string;
    const response = await t.request({
      method: 'POST',
      url: `/api/v2/battery/Datalog/${serial}?operatingSiteId=${siteId}`,
      cookie: admin,
    });
    const datalog = response.json() as Datalog;
    const [row] = await t.db.query<{ payload: { uploadUrl: string } }>(
      'SELECT c.payload FROM device_command c JOIN datalog d ON d.command_id = c.id WHERE d.id = $1',
      [datalog.id],
    );
    const url = new URL(row?.payload.uploadUrl as string);
    return { datalog, uploadPath: `${url.pathname}${url.search}` };
  };
  const statusOf = async (id: number) =>
    (await t.db.query<{ status: string }>('SELECT status FROM datalog WHERE id = $1', [id]))[0]?.status;
  const storedFiles = async () => readdir(path.join(dataDir, 'datalogs')).catch(() => []);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cbm-datalog-stream-'));
    t = await createTestApp(kind, { DATA_DIR: dataDir });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    admin = await t.signIn('admin@cbm.demo');
    const [site] = await t.db.query<{ operating_site_id: number }>(
      'SELECT operating_site_id FROM battery GROUP BY 1 HAVING count(*) >= 6 ORDER BY 1 LIMIT 1',
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

  it('refuses a wrong token at once, without waiting for (or reading) the declared 40 MiB, and closes', async () => {
    const { datalog, uploadPath } = await requestDatalog();
    const forged = uploadPath.replace(/token=.*/, 'token=forged-token-0123456789');
    const answer = await put(
      port,
      forged,
      { 'content-type': 'application/zip', 'content-length': 40 * MIB },
      (request) => request.write(Buffer.alloc(64 * 1024)),
    );
    answer.request.destroy();
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'datalogs.uploadTokenInvalid' });
    expect(answer.headers.connection).toBe('close');
    expect(answer.ms).toBeLessThan(2000);
    expect(await statusOf(datalog.id)).toBe('requested');
  });

  it('streams an upload without a declared length to the store', async () => {
    const { datalog, uploadPath } = await requestDatalog();
    const answer = await put(port, uploadPath, { 'content-type': 'application/zip' }, (request) => {
      request.write(zip.subarray(0, 10));
      request.end(zip.subarray(10));
    });
    expect(answer.status).toBe(204);
    expect(await statusOf(datalog.id)).toBe('uploaded');
  });

  it('stops reading past 50 MiB, answers 413 on the same connection and keeps the token usable', async () => {
    const { datalog, uploadPath } = await requestDatalog();
    const before = await storedFiles();
    const answer = await put(port, uploadPath, { 'content-type': 'application/zip' }, (request) =>
      keepWriting(request, DATALOG_MAX_BYTES + 4 * MIB),
    );
    answer.request.destroy();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'request.payloadTooLarge' });
    expect(await storedFiles()).toEqual(before);
    expect(await statusOf(datalog.id)).toBe('requested');
    const retry = await put(port, uploadPath, { 'content-type': 'application/zip' }, (request) => request.end(zip));
    expect(retry.status).toBe(204);
  });

  it('takes one upload per token at a time: a second one is refused while the first is under way', async () => {
    const { datalog, uploadPath } = await requestDatalog();
    let first: http.ClientRequest | undefined;
    const firstAnswer = put(port, uploadPath, { 'content-type': 'application/zip' }, (request) => {
      first = request;
      request.write(zip.subarray(0, 10));
    });
    await expect
      .poll(
        async () =>
          (await t.db.query('SELECT 1 FROM datalog WHERE id = $1 AND upload_token_hash IS NULL', [datalog.id])).length,
      )
      .toBe(1);
    const second = await put(port, uploadPath, { 'content-type': 'application/zip' }, (request) => request.end(zip));
    expect(second.status).toBe(403);
    first?.end(zip.subarray(10));
    expect((await firstAnswer).status).toBe(204);
    expect(await statusOf(datalog.id)).toBe('uploaded');
  });
});
