import type { AuditPage } from '@cbm/contracts/audit';
import {
  batteryListItemSchema,
  batteryListResponseSchema,
  enableRemoteResponseSchema,
  expectedVersionsSchema,
} from '@cbm/contracts/battery-list';
import { commandSchema, topicFor } from '@cbm/contracts/device-protocol';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, json } from '../../../test/mqtt-devices';
import { signInScopedAdmin, siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const BASE = '/api/v2/battery/BatteryList';

describeEachDatabase('expert battery list', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let scoped: string;
  let ids: Record<string, number>;
  const site = (name: string) => ids[name] as number;
  const get = (url: string, cookie = admin, headers: Record<string, string> = {}) =>
    t.request({ url, cookie, headers });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    ids = await siteNodeIds(t, admin);
    scoped = await signInScopedAdmin(t, {
      email: 'hamburg-expert@cbm.test',
      features: ['cbm_view'],
      manages: [site('Hamburg Hafen')],
    });
  });
  afterAll(() => t.close());

  describe('GET /battery/BatteryList', () => {
    it('lists every battery of the repeated sites with every entity field', async () => {
      const response = await get(
        `${BASE}?operatingSiteIds=${site('Hamburg Hafen')}&operatingSiteIds=${site('Bremen GVZ')}`,
      );
      expect(response.statusCode).toBe(200);
      const body = batteryListResponseSchema.strict().parse(response.json());
      expect(body.totalCount).toBe(60);
      expect(body.batteries).toHaveLength(60);
      expect(new Set(body.batteries.map((battery) => battery.operatingSiteId))).toEqual(
        new Set([site('Hamburg Hafen'), site('Bremen GVZ')]),
      );
      const bench = body.batteries.find((battery) => battery.batterySerialNumber === '2000030');
      expect(bench).toMatchObject({
        batteryName: 'Stapler 30',
        type: 'L80-930',
        product: 'Lithium 80 V 930 Ah',
        batteryCapacity: 930,
        nominalVoltage: 83.2,
        moduleCount: 4,
        firmwareVersion: '5.12.3',
        BamVersion: '2.8.0',
        hasProfiling: true,
        productionDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
      for (const key of Object.keys(batteryListItemSchema.shape)) expect(bench).toHaveProperty(key);
    });

    it('pages with offset and limit', async () => {
      const response = await get(`${BASE}?operatingSiteIds=${site('Hamburg Hafen')}&offset=10&limit=5`);
      const body = batteryListResponseSchema.parse(response.json());
      expect(body).toMatchObject({ totalCount: 30 });
      expect(body.batteries).toHaveLength(5);
    });

    it('checks every site: 404 unknown, 403 not visible, 403 without cbm_view, 400 for a bad id', async () => {
      const unknown = await get(`${BASE}?operatingSiteIds=${site('Hamburg Hafen')}&operatingSiteIds=999999`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'sites.notFound' });
      const hidden = await get(
        `${BASE}?operatingSiteIds=${site('Hamburg Hafen')}&operatingSiteIds=${site('Wien Süd')}`,
        scoped,
      );
      expect(hidden.statusCode).toBe(403);
      expect((await get(`${BASE}?operatingSiteIds=${site('Hamburg Hafen')}`, scoped)).statusCode).toBe(200);
      expect((await get(`${BASE}?operatingSiteIds=${site('Hamburg Hafen')}`, operator)).statusCode).toBe(403);
      const bad = await get(`${BASE}?operatingSiteIds=abc`, admin, { 'accept-language': 'de' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual([expect.stringMatching(/^querystring\.operatingSiteIds/)]);
      expect((await get(BASE)).statusCode).toBe(400);
    });
  });

  describe('GET /battery/BatteryList/{serial}', () => {
    it('answers the battery of the site, 404 for a serial of another site', async () => {
      const found = await get(`${BASE}/2000030?operatingSiteId=${site('Hamburg Hafen')}`);
      expect(found.statusCode).toBe(200);
      expect(batteryListItemSchema.parse(found.json()).batterySerialNumber).toBe('2000030');
      const elsewhere = await get(`${BASE}/2010001?operatingSiteId=${site('Hamburg Hafen')}`);
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.json()).toMatchObject({ code: 'batteries.notFound' });
      expect((await get(`${BASE}/2000030?operatingSiteId=999999`)).statusCode).toBe(404);
      expect((await get(`${BASE}/2040001?operatingSiteId=${site('Wien Süd')}`, scoped)).statusCode).toBe(403);
    });
  });

  describe('GET /battery/BatteryList/filters/expectedVersions', () => {
    const url = (siteId: number) => `${BASE}/filters/expectedVersions?operatingSiteId=${siteId}`;
    it("answers the expected versions of every battery type in the site's organisation", async () => {
      const response = await get(url(site('Hamburg Hafen')));
      expect(response.statusCode).toBe(200);
      const expected = expectedVersionsSchema.parse(response.json());
      expect(expected.map((entry) => entry.batteryType)).toEqual(['L24-460', 'L36-700', 'L48-620', 'L80-930']);
      expect(expected[0]).toMatchObject({ firmwareVersion: '5.12.3', hardwareVersion: 'C', iotSwVersion: '7.1.2' });
    });
    it('answers 403 without cbm_view or at a site the user cannot see, 400 without a site', async () => {
      expect((await get(url(site('Hamburg Hafen')), operator)).statusCode).toBe(403);
      expect((await get(url(site('Wien Süd')), scoped)).statusCode).toBe(403);
      expect((await get(`${BASE}/filters/expectedVersions`)).statusCode).toBe(400);
    });
  });

  describe('GET /battery/BatteryList/{serial}/enableremote', () => {
    let device: MqttClient | undefined;
    afterAll(async () => device?.endAsync());

    it('sends remoteDebugging, answers until when (one hour) and records it', async () => {
      const serial = '2000002';
      device = await connectDevice(t.app);
      const received: unknown[] = [];
      device.on('message', (_topic, payload) => received.push(commandSchema.parse(JSON.parse(payload.toString()))));
      await device.subscribeAsync(topicFor('battery', serial, 'cmd'), { qos: 1 });
      const before = Date.now();
      const response = await get(`${BASE}/${serial}/enableremote?operatingSiteId=${site('Hamburg Hafen')}`);
      expect(response.statusCode).toBe(200);
      const { until } = enableRemoteResponseSchema.parse(response.json());
      expect(Date.parse(until) - before).toBeGreaterThanOrEqual(3_600_000 - 1000);
      expect(Date.parse(until) - before).toBeLessThanOrEqual(3_600_000 + 5000);
      await expect.poll(() => received).toEqual([expect.objectContaining({ type: 'remoteDebugging', until })]);
      await device.publishAsync(
        topicFor('battery', serial, 'cmd/reply'),
        json({ id: (received[0] as { id: string }).id, ts: new Date().toISOString(), result: 'accepted' }),
        { qos: 1 },
      );
      const audit = await get(`/api/v2/audit?operatingSiteId=${site('Hamburg Hafen')}`);
      expect((audit.json() as AuditPage).entries[0]).toMatchObject({
        action: 'remoteDebugging.enabled',
        entityId: serial,
        newValue: { until },
      });
    });

    it('refuses other-site serials (404), missing cbm_view (403) and links from other sites (403)', async () => {
      const url = `${BASE}/2010001/enableremote?operatingSiteId=${site('Hamburg Hafen')}`;
      expect((await get(url)).statusCode).toBe(404);
      const own = `${BASE}/2000003/enableremote?operatingSiteId=${site('Hamburg Hafen')}`;
      expect((await get(own, operator)).statusCode).toBe(403);
      const crossSite = await get(own, admin, { 'sec-fetch-site': 'cross-site' });
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.json()).toMatchObject({ code: 'auth.crossSiteRequest' });
    });
  });
});
