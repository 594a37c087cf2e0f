import type { AuditPage } from '@cbm/contracts/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInScopedAdmin, siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const HAMBURG = { name: 'Hamburg Hafen', latitude: 53.5461, longitude: 9.9661, timezone: 'Europe/Berlin' };
const VALID = {
  name: 'Hamburg Hafen Ost',
  latitude: 53.5311,
  longitude: 10.0021,
  timezone: 'Europe/Berlin',
  currency: 'EUR',
  pricePerKwh: 0.3125,
  batteryPricePerKwh: 298.5,
};

describeEachDatabase('operating-site settings', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let scoped: string;
  let ids: Record<string, number>;
  const site = (name: string) => ids[name] as number;
  const get = (siteId: number, cookie: string) =>
    t.request({ url: `/api/v2/OsAdmin?operatingSiteId=${siteId}`, cookie });
  const post = (siteId: number, payload: object, cookie = admin, language = 'en') =>
    t.request({
      method: 'POST',
      url: `/api/v2/OsAdmin?operatingSiteId=${siteId}`,
      payload,
      cookie,
      headers: { 'accept-language': language },
    });
  const auditOf = async (siteId: number) =>
    (await t.request({ url: `/api/v2/audit?operatingSiteId=${siteId}`, cookie: admin })).json() as AuditPage;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    ids = await siteNodeIds(t, admin);
    scoped = await signInScopedAdmin(t, {
      email: 'nordlicht-admin@cbm.test',
      features: ['cbm_osadmin', 'cbm_liveview'],
      manages: [site('Nordlicht Logistik GmbH')],
      sees: [{ nodeId: site('Wien Süd'), feature: 'cbm_liveview' }],
    });
  });
  afterAll(() => t.close());

  it('gives an admin the settings of a site', async () => {
    const response = await get(site('Hamburg Hafen'), admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      operatingSiteId: site('Hamburg Hafen'),
      ...HAMBURG,
      currency: 'EUR',
      pricePerKwh: 0.29,
      batteryPricePerKwh: 320,
    });
  });

  it('answers 403 to users without cbm_osadmin', async () => {
    for (const response of [
      await get(site('Hamburg Hafen'), operator),
      await post(site('Hamburg Hafen'), VALID, operator),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'auth.forbidden' });
    }
  });

  it('answers 404 for sites the admin does not manage, seen or not, and for unknown sites', async () => {
    for (const siteId of [site('Wien Süd'), site('Göteborg Hamn'), 999_999]) {
      for (const response of [await get(siteId, scoped), await post(siteId, VALID, scoped)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          statusCode: 404,
          code: 'sites.notFound',
          message: `Operating site ${siteId} does not exist or is not one you manage.`,
        });
      }
    }
    expect((await get(site('Bremen GVZ'), scoped)).statusCode).toBe(200);
    expect((await get(site('Wien Süd'), admin)).json()).toMatchObject({ name: 'Wien Süd', pricePerKwh: 0.24 });
  });

  it('stores every setting, answers them and records the change with the previous values', async () => {
    const hamburg = site('Hamburg Hafen');
    const response = await post(hamburg, { ...VALID, timezone: 'America/Chicago', currency: 'USD' });
    expect(response.statusCode).toBe(200);
    const stored = { operatingSiteId: hamburg, ...VALID, timezone: 'America/Chicago', currency: 'USD' };
    expect(response.json()).toEqual(stored);
    expect((await get(hamburg, admin)).json()).toEqual(stored);

    const [entry] = (await auditOf(hamburg)).entries;
    expect(entry).toMatchObject({
      actor: 'admin@cbm.demo',
      action: 'site.settingsChanged',
      entityType: 'operatingSite',
      entityId: String(hamburg),
      previousValue: { ...HAMBURG, currency: 'EUR', pricePerKwh: 0.29, batteryPricePerKwh: 320 },
      newValue: { ...VALID, timezone: 'America/Chicago', currency: 'USD' },
    });
    const tree = await t.request({ url: '/api/v2/OperatingSites/info', cookie: admin });
    expect(tree.body).toContain('"Hamburg Hafen Ost"');
  });

  it('keeps the replacement battery price when a caller leaves it out, and clears it with null', async () => {
    const wien = site('Wien Süd');
    const { operatingSiteId: _, batteryPricePerKwh, ...older } = (await get(wien, admin)).json();
    expect(batteryPricePerKwh).toBe(320);
    expect((await post(wien, older)).json()).toMatchObject({ batteryPricePerKwh: 320 });
    expect((await post(wien, { ...older, batteryPricePerKwh: null })).json()).toMatchObject({
      batteryPricePerKwh: null,
    });
    expect((await get(wien, admin)).json()).toMatchObject({ batteryPricePerKwh: null });
    const [entry] = (await auditOf(wien)).entries;
    expect(entry).toMatchObject({ previousValue: { batteryPricePerKwh: 320 }, newValue: { batteryPricePerKwh: null } });
    expect((await post(wien, { ...older, batteryPricePerKwh: 320 })).statusCode).toBe(200);
  });

  it('records only the fields that changed, and nothing when none did', async () => {
    const bremen = site('Bremen GVZ');
    const before = (await get(bremen, admin)).json();
    const { operatingSiteId: _, ...settings } = before;
    expect((await post(bremen, settings)).statusCode).toBe(200);
    expect((await auditOf(bremen)).entries.filter((entry) => entry.action === 'site.settingsChanged')).toEqual([]);

    expect((await post(bremen, { ...settings, pricePerKwh: 0, timezone: 'UTC' }, scoped)).statusCode).toBe(200);
    const [entry] = (await auditOf(bremen)).entries;
    expect(entry).toMatchObject({
      actor: 'nordlicht-admin@cbm.test',
      previousValue: { pricePerKwh: before.pricePerKwh, timezone: 'Europe/Berlin' },
      newValue: { pricePerKwh: 0, timezone: 'UTC' },
    });
  });

  describe('rejects bad values with the validation messages and stores nothing', () => {
    const cases: [string, object, Record<string, string[]>][] = [
      ['latitude over 90', { latitude: 90.5 }, { 'body.latitude': ['Value must be below 90'] }],
      ['latitude under -90', { latitude: -91 }, { 'body.latitude': ['Value must be above -90'] }],
      ['longitude over 180', { longitude: 180.01 }, { 'body.longitude': ['Value must be below 180'] }],
      ['longitude under -180', { longitude: -200 }, { 'body.longitude': ['Value must be above -180'] }],
      ['text as latitude', { latitude: '53,5' }, { 'body.latitude': ['Value must be a number (e.g.: 0.1234)'] }],
      ['no latitude', { latitude: undefined }, { 'body.latitude': ['This value is required'] }],
      ['null longitude', { longitude: null }, { 'body.longitude': ['This value is required'] }],
      ['negative price', { pricePerKwh: -0.01 }, { 'body.pricePerKwh': ['Value must be above 0'] }],
      ['huge price', { pricePerKwh: 2_000_000 }, { 'body.pricePerKwh': ['Value must be below 1000000'] }],
      ['text as price', { pricePerKwh: 'cheap' }, { 'body.pricePerKwh': ['Value must be a number (e.g.: 0.1234)'] }],
      ['price with 5 decimals', { pricePerKwh: 0.12345 }, { 'body.pricePerKwh': ['Use at most 4 decimal places'] }],
      [
        'unknown time zone',
        { timezone: 'Mars/Olympus_Mons' },
        { 'body.timezone': ['Choose a time zone from the list (IANA name, e.g. Europe/Berlin)'] },
      ],
      [
        'time zone offset',
        { timezone: '+01:00' },
        { 'body.timezone': ['Choose a time zone from the list (IANA name, e.g. Europe/Berlin)'] },
      ],
      [
        'unknown currency',
        { currency: 'XYZ' },
        { 'body.currency': ['Choose a currency from the list (ISO 4217 code, e.g. EUR)'] },
      ],
      [
        'lower-case currency',
        { currency: 'eur' },
        { 'body.currency': ['Choose a currency from the list (ISO 4217 code, e.g. EUR)'] },
      ],
      ['empty name', { name: '   ' }, { 'body.name': ['This value is required'] }],
      ['long name', { name: 'x'.repeat(201) }, { 'body.name': ['Use at most 200 characters'] }],
      [
        'everything wrong at once',
        { latitude: 100, longitude: 'east', timezone: '', currency: '', pricePerKwh: -1 },
        {
          'body.latitude': ['Value must be below 90'],
          'body.longitude': ['Value must be a number (e.g.: 0.1234)'],
          'body.timezone': ['This value is required'],
          'body.currency': ['This value is required'],
          'body.pricePerKwh': ['Value must be above 0'],
        },
      ],
    ];

    it.each(cases)('%s', async (_, change, errors) => {
      const munich = site('München Riem');
      const before = (await get(munich, admin)).json();
      const response = await post(munich, { ...VALID, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'request.invalid', errors });
      expect(Object.keys(response.json().errors).sort()).toEqual(Object.keys(errors).sort());
      expect((await get(munich, admin)).json()).toEqual(before);
    });

    it('in German too', async () => {
      const response = await post(site('München Riem'), { ...VALID, latitude: 95, pricePerKwh: 'x' }, admin, 'de');
      expect(response.json().errors).toEqual({
        'body.latitude': ['Der Wert muss unter 90 liegen'],
        'body.pricePerKwh': ['Der Wert muss eine Zahl sein (z. B.: 0,1234)'],
      });
    });

    it('accepts the limits themselves', async () => {
      const munich = site('München Riem');
      const limits = { ...VALID, name: 'München Riem', latitude: -90, longitude: 180, pricePerKwh: 1_000_000 };
      expect((await post(munich, limits)).statusCode).toBe(200);
    });
  });
});
