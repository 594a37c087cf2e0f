import http from 'node:http';
import { serverMetricsSchema } from '@cbm/contracts/ingest-metrics';
import { SITE_PERMISSION_NAMES } from '@cbm/contracts/site-permissions';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSse, pausedReader, type SseConnection } from '../../../test/sse-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import type { BatteryState } from '../device-ingestion/battery-state';
import { hashPassword } from '../identity/passwords';
import { userRepository } from '../users/user-repository';

const PER_USER = 2;

const liveBattery = (serialNumber: string, operatingSiteId: number, soc: number): BatteryState => ({
  serialNumber,
  operatingSiteId,
  online: true,
  connectionChangedAt: null,
  telemetryState: 'discharging',
  chargerSerial: null,
  measurements: {
    soc,
    soh: 97,
    stackVoltage: 51.2,
    current: -40.5,
    minCellTemperature: 21,
    maxCellTemperature: 24,
    minCellVoltage: 3.2,
    maxCellVoltage: 3.3,
  },
  newTelemetry: null,
  lastDataTimestamp: new Date(),
  lastSampleAt: null,
  activeErrorCodes: [],
  lastErrorAt: null,
  status: 'discharging',
});
const TOTAL = 3;

describeEachDatabase('live stream limits', (kind) => {
  let t: TestApp;
  let base: string;
  let siteId: number;
  let otherSiteId: number;
  const streams: SseConnection[] = [];
  const poll = { timeout: 10_000, interval: 25 };
  const open = async (cookie: string, sites = [siteId]) => {
    const stream = await openSse(`${base}/api/v2/live/stream?operatingSiteId=${sites.join(',')}`, { cookie });
    streams.push(stream);
    return stream;
  };
  const ready = (stream: SseConnection) =>
    expect.poll(() => stream.events.some((entry) => entry.event === 'ready'), poll).toBe(true);
  let users = 0;
  /** A new user with the live view at the sites, signed in. */
  const liveUser = async (sites = [siteId]) => {
    const repository = userRepository(t.db);
    const email = `live-${users++}@cbm.test`;
    const id = await repository.create({
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: 'L',
      lastName: 'V',
    });
    await repository.grantFeatures(id, ['cbm_liveview', 'cbm_alert']);
    for (const site of sites) {
      await repository.grantSite(id, site);
      await repository.grantPermissions(id, site, SITE_PERMISSION_NAMES);
    }
    return { id, cookie: await t.signIn(email) };
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {
      LIVE_STREAMS_PER_USER: PER_USER,
      LIVE_STREAMS_TOTAL: TOTAL,
      LIVE_STREAM_BUFFER_KB: 64,
      LIVE_STREAM_RECHECK_SECONDS: 1,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const [site] = await t.db.query<{ id: number }>('SELECT min(operating_site_id) AS id FROM battery');
    siteId = site?.id as number;
    const [other] = await t.db.query<{ id: number }>('SELECT min(id) AS id FROM operating_site WHERE id <> $1', [
      siteId,
    ]);
    otherSiteId = other?.id as number;
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(() => t.close());

  it('caps the streams of one user and of the server with 429', async () => {
    const [first, second] = [await liveUser(), await liveUser()];
    for (let n = 0; n < PER_USER; n++) await ready(await open(first.cookie));
    const overUser = await open(first.cookie);
    expect(overUser.status).toBe(429);
    await ready(await open(second.cookie));
    const overTotal = await open((await liveUser()).cookie);
    expect(overTotal.status).toBe(429);
    streams[0]?.close();
    await expect.poll(async () => (await open(first.cookie)).status, poll).toBe(200);
  });

  it('counts a stream of several sites once', async () => {
    const user = await liveUser([siteId, otherSiteId]);
    for (let n = 0; n < PER_USER; n++) await ready(await open(user.cookie, [siteId, otherSiteId]));
    expect((await open(user.cookie, [otherSiteId])).status).toBe(429);
  });

  it('keeps a reader that falls behind the readings, and gives it each battery’s newest', async () => {
    const user = await liveUser();
    const reader = await pausedReader(`${base}/api/v2/live/stream?operatingSiteId=${siteId}`, user.cookie);
    const serials = Array.from({ length: 2000 }, (_, n) => `SLOW${n}`);
    const rounds = 25;
    let flushed = -1;
    const unsubscribe = t.app.devices.live.subscribe(siteId, (update) => {
      if (update.event === 'battery') flushed = update.data.soc ?? -1;
    });
    // About 15 MB of readings, each round in a flush of its own: more than the socket holds and 64 KB.
    for (let round = 0; round < rounds; round++) {
      t.app.devices.live.publish({
        batteries: serials.map((serial) => liveBattery(serial, siteId, round)),
        mdloads: [],
      });
      await expect.poll(() => flushed, poll).toBe(round);
    }
    unsubscribe();
    const newest = new Map<string, number>();
    let received = 0;
    reader.resume((event) => {
      const data = event.data as { batterySerialNumber?: string; soc?: number };
      if (event.event !== 'battery' || !data.batterySerialNumber?.startsWith('SLOW')) return;
      received += 1;
      newest.set(data.batterySerialNumber, data.soc as number);
    });
    await expect
      .poll(() => newest.size === serials.length && [...newest.values()].every((soc) => soc === rounds - 1), poll)
      .toBe(true);
    expect(reader.ended).toBe(false);
    expect(received).toBeLessThan(serials.length * rounds);
    reader.close();
  });

  it('keeps a stream open while its session cannot be checked (database away), counts the failed checks, and still ends it at a sign-out', async () => {
    const admin = await t.signIn('admin@cbm.demo');
    const user = await liveUser();
    const stream = await open(user.cookie);
    await ready(stream);
    // Every session check fails for three checks (1 s apart), as when the pool times out or the database is away.
    await t.db.query('ALTER TABLE user_session RENAME TO user_session_away');
    try {
      await new Promise((resolve) => setTimeout(resolve, 3_500));
    } finally {
      await t.db.query('ALTER TABLE user_session_away RENAME TO user_session');
    }
    expect(stream.ended).toBe(false);
    const metrics = await t.request({ url: '/api/v2/metrics', cookie: admin });
    expect(serverMetricsSchema.parse(metrics.json()).live.recheckFailures).toBeGreaterThanOrEqual(2);
    await t.request({ method: 'POST', url: '/api/v2/auth/logout', cookie: user.cookie });
    await expect.poll(() => stream.ended, { timeout: 500, interval: 25 }).toBe(true);
  });

  describe('ends a stream', () => {
    it('when its session signs out, and only that stream', async () => {
      const user = await liveUser();
      const other = await t.signIn(`live-${users - 1}@cbm.test`);
      const [signingOut, staying] = [await open(user.cookie), await open(other)];
      await Promise.all([ready(signingOut), ready(staying)]);
      await t.request({ method: 'POST', url: '/api/v2/auth/logout', cookie: user.cookie });
      await expect.poll(() => signingOut.ended, poll).toBe(true);
      expect(staying.ended).toBe(false);
    });

    it('when its session expires or is ended elsewhere', async () => {
      const user = await liveUser();
      const stream = await open(user.cookie);
      await ready(stream);
      await t.db.query('UPDATE user_session SET expires_at = now() WHERE user_id = $1', [user.id]);
      await expect.poll(() => stream.ended, poll).toBe(true);
    });

    it('when the user loses the feature or the site it was opened with', async () => {
      const [withoutFeature, withoutSite] = [await liveUser(), await liveUser()];
      const [first, second] = [await open(withoutFeature.cookie), await open(withoutSite.cookie)];
      await Promise.all([ready(first), ready(second)]);
      await t.db.query('DELETE FROM user_feature WHERE user_id = $1', [withoutFeature.id]);
      await t.db.query('DELETE FROM user_site_grant WHERE user_id = $1', [withoutSite.id]);
      await expect.poll(() => first.ended && second.ended, poll).toBe(true);
    });

    it('of several sites when the user loses any one of them', async () => {
      const user = await liveUser([siteId, otherSiteId]);
      const stream = await open(user.cookie, [siteId, otherSiteId]);
      await ready(stream);
      await t.db.query('DELETE FROM user_site_grant WHERE user_id = $1 AND site_node_id = $2', [user.id, otherSiteId]);
      await expect.poll(() => stream.ended, poll).toBe(true);
    });

    it('when its reader does not keep up', async () => {
      const user = await liveUser();
      let socketClosed: Promise<unknown> = Promise.resolve();
      // A reader that takes nothing: the response is paused as soon as it starts.
      await new Promise<void>((resolve, reject) => {
        const request = http.get(
          `${base}/api/v2/live/stream?operatingSiteId=${siteId}`,
          { headers: { cookie: user.cookie }, agent: false },
          (response) => {
            if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
            response.pause();
            resolve();
          },
        );
        socketClosed = new Promise((closed) => request.on('close', closed));
        request.on('error', () => undefined);
      });
      const padding = 'x'.repeat(64 * 1024);
      const alert = { alertId: 1, product: 'battery', alertName: padding, serialNumber: 'S' } as never;
      for (let round = 0; round < 400; round++) t.app.devices.live.publishAlerts(siteId, [alert]);
      await socketClosed;
    });
  });
});
