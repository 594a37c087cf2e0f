import {
  ATTENTION_LIST_MAX,
  attentionResponseSchema,
  fleetHealthResponseSchema,
  type HealthFigures,
  healthFigures,
  LOW_SOC_PERCENT,
  siteCondition,
} from '@cbm/contracts/fleet-health';
import { liveViewResponseSchema } from '@cbm/contracts/live-view';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const BASE = '/api/v2/fleet-health';

/** Today in the time zone as YYYY-MM-DD (en-CA writes dates that way). */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

describeEachDatabase('fleet health', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let blocked: string;
  const get = (url: string, cookie = admin) => t.request({ url, cookie });
  const health = async (query = '', cookie = admin) => {
    const response = await get(`${BASE}${query}`, cookie);
    expect(response.statusCode).toBe(200);
    return fleetHealthResponseSchema.parse(response.json());
  };
  const attention = async (query = '', cookie = admin) => {
    const response = await get(`${BASE}/attention${query}`, cookie);
    expect(response.statusCode).toBe(200);
    return attentionResponseSchema.parse(response.json());
  };
  /** The figures of the site's live view, counted by the contracts' rules. */
  const liveViewFigures = async (siteId: number, timeZone: string): Promise<HealthFigures> => {
    const response = await get(`/api/v2/battery/BatteryLiveView?operatingSiteId=${siteId}`);
    const { batteries } = liveViewResponseSchema.parse(response.json());
    return healthFigures(batteries, todayIn(timeZone));
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    blocked = await t.signIn('blocked@cbm.demo');
    // Make every rule occur: an error now, a long-offline battery, low SoC, service overdue and due.
    await t.db.query(`WITH picked AS (
        SELECT serial_number, row_number() OVER (ORDER BY serial_number) AS n FROM battery)
      UPDATE battery b SET
        current_error_code = CASE WHEN p.n % 7 = 0 THEN 'E101' ELSE b.current_error_code END,
        online = CASE WHEN p.n % 11 = 0 THEN false ELSE b.online END,
        last_data_timestamp = CASE WHEN p.n % 11 = 0 THEN now() - interval '2 days' ELSE b.last_data_timestamp END,
        soc = CASE WHEN p.n % 5 = 0 THEN ${LOW_SOC_PERCENT - 5} ELSE b.soc END,
        next_service_date = CASE WHEN p.n % 6 = 0 THEN current_date - 10
                                 WHEN p.n % 6 = 1 THEN current_date + 5 ELSE b.next_service_date END
      FROM picked p WHERE p.serial_number = b.serial_number`);
  });
  afterAll(() => t.close());

  it('counts each site as its live view shows it, and sums the sites', async () => {
    const { sites, total } = await health();
    const zones = await t.db.query<{ id: number; timezone: string }>('SELECT id, timezone FROM operating_site');
    expect(sites.map((site) => site.operatingSiteId).sort()).toEqual(zones.map((zone) => zone.id).sort());
    for (const site of sites) {
      const zone = zones.find((entry) => entry.id === site.operatingSiteId)?.timezone as string;
      const { operatingSiteId, condition, licencesExpiring, ...figures } = site;
      expect(figures, `site ${operatingSiteId}`).toEqual({
        ...(await liveViewFigures(operatingSiteId, zone)),
        licencesExpiring: undefined,
      });
      expect(figures.charging + figures.discharging + figures.standby + figures.offline + figures.error).toBe(
        figures.batteries,
      );
      expect(condition).toBe(siteCondition(site));
      expect(licencesExpiring).not.toBeNull();
    }
    expect(total.batteries).toBe(sites.reduce((sum, site) => sum + site.batteries, 0));
    expect(total.error).toBeGreaterThan(0);
    expect(total.lowSoc).toBeGreaterThan(0);
    expect(total.serviceOverdue).toBeGreaterThan(0);
    expect(total.serviceDue).toBeGreaterThan(0);
  });

  it('counts display units whose licence ends within 30 days', async () => {
    const [site] = await t.db.query<{ id: number }>('SELECT operating_site_id AS id FROM display_unit LIMIT 1');
    const siteId = site?.id as number;
    await t.db.query(
      `UPDATE display_unit SET eol_date = CASE WHEN display_id = (SELECT min(display_id) FROM display_unit
         WHERE operating_site_id = $1) THEN current_date + 3 ELSE current_date + 400 END WHERE operating_site_id = $1`,
      [siteId],
    );
    const { sites } = await health(`?operatingSiteId=${siteId}`);
    expect(sites).toHaveLength(1);
    expect(sites[0]?.licencesExpiring).toBe(1);
  });

  it('lists the batteries that need attention, errors first, each with its reasons', async () => {
    const { batteries, totalCount } = await attention();
    const [errors] = await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM battery WHERE current_error_code IS NOT NULL OR status = $1',
      ['error'],
    );
    expect(totalCount).toBeGreaterThan(errors?.count as number);
    expect(batteries.length).toBe(Math.min(totalCount, ATTENTION_LIST_MAX));
    const firstNonError = batteries.findIndex((battery) => !battery.reasons.includes('error'));
    expect(firstNonError).toBe(errors?.count);
    expect(batteries[0]?.currentErrorCode).not.toBeNull();
    for (const battery of batteries) expect(battery.reasons.length).toBeGreaterThan(0);
    const offline = batteries.find((battery) => battery.reasons.includes('offline'));
    expect(offline?.lastDataTimestamp).not.toBeNull();
  });

  it('shows a user only the sites they hold the live view at, licences only with cbm_update', async () => {
    const all = await health();
    const own = await health('', operator);
    expect(own.sites.length).toBeGreaterThan(0);
    expect(own.sites.length).toBeLessThan(all.sites.length);
    expect(own.sites.every((site) => site.licencesExpiring === null)).toBe(true);
    expect(own.total.licencesExpiring).toBeNull();
    const ownIds = new Set(own.sites.map((site) => site.operatingSiteId));
    const { batteries } = await attention('', operator);
    expect(batteries.every((battery) => ownIds.has(battery.operatingSiteId))).toBe(true);
    const other = all.sites.find((site) => !ownIds.has(site.operatingSiteId))?.operatingSiteId;
    expect((await get(`${BASE}?operatingSiteId=${other}`, operator)).statusCode).toBe(403);
    expect((await get(`${BASE}/attention?operatingSiteId=${other}`, operator)).statusCode).toBe(403);
  });

  it('refuses users without the live view, unknown sites and bad ids with a message', async () => {
    expect((await get(BASE, blocked)).statusCode).toBe(403);
    const unknown = await get(`${BASE}?operatingSiteId=999999`);
    expect(unknown.statusCode).toBe(404);
    const bad = await get(`${BASE}/attention?operatingSiteId=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    expect((await t.request({ url: BASE })).statusCode).toBe(401);
  });
});
