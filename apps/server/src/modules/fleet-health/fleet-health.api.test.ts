import { alarmsSchema } from '@cbm/contracts/alarms';
import { apiPath } from '@cbm/contracts/endpoint';
import { mdloadLiveViewEndpoints } from '@cbm/contracts/endpoints/mdload-live-view';
import {
  ATTENTION_LIST_MAX,
  attentionResponseSchema,
  figureBatteriesResponseSchema,
  fleetHealthResponseSchema,
  type HealthFigures,
  healthFigures,
  LOW_SOC_PERCENT,
  SILENT_AFTER_MINUTES,
  type SiteHealth,
  siteCondition,
  stationFigures,
} from '@cbm/contracts/fleet-health';
import { liveViewResponseSchema } from '@cbm/contracts/live-view';
import { mdloadLiveViewResponseSchema } from '@cbm/contracts/mdload-live-view';
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
  /** The site's charger-station units by state, as their live view shows them (null where it answers 403). */
  const liveStations = async (siteId: number, cookie = admin) => {
    const response = await get(`${apiPath(mdloadLiveViewEndpoints.list)}?operatingSiteId=${siteId}`, cookie);
    if (response.statusCode === 403) return null;
    return stationFigures(mdloadLiveViewResponseSchema.parse(response.json()).units);
  };
  /** The site's alarms in the alarm inbox that are not cleared (null where the inbox shows the site nothing). */
  const inboxAlarms = async (cookie = admin) => {
    const alarms = alarmsSchema.parse((await get('/api/v2/Alarm?state=active', cookie)).json());
    return (siteId: number) => alarms.filter((alarm) => alarm.operatingSiteId === siteId).length;
  };
  /** Every site's figures equal its live view's (licences and alarms aside), and the totals sum the sites. */
  const expectAsLiveView = async (sites: SiteHealth[]) => {
    const zones = await t.db.query<{ id: number; timezone: string }>('SELECT id, timezone FROM operating_site');
    for (const site of sites) {
      const zone = zones.find((entry) => entry.id === site.operatingSiteId)?.timezone as string;
      const { operatingSiteId, condition, licencesExpiring, activeAlarms, stations, ...figures } = site;
      expect(figures, `site ${operatingSiteId}`).toEqual({
        ...(await liveViewFigures(operatingSiteId, zone)),
        licencesExpiring: undefined,
        activeAlarms: undefined,
        stations: undefined,
      });
    }
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
    const zones = await t.db.query<{ id: number }>('SELECT id FROM operating_site');
    expect(sites.map((site) => site.operatingSiteId).sort()).toEqual(zones.map((zone) => zone.id).sort());
    await expectAsLiveView(sites);
    for (const site of sites) {
      expect(site.charging + site.discharging + site.standby + site.offline + site.error).toBe(site.batteries);
      expect(site.condition).toBe(siteCondition(site));
      expect(site.licencesExpiring).not.toBeNull();
    }
    expect(total.batteries).toBe(sites.reduce((sum, site) => sum + site.batteries, 0));
    expect(total.error).toBeGreaterThan(0);
    expect(total.lowSoc).toBeGreaterThan(0);
    expect(total.serviceOverdue).toBeGreaterThan(0);
    expect(total.serviceDue).toBeGreaterThan(0);
  });

  it('keeps counting as its live view shows as batteries change state, move to another site and go', async () => {
    const [first, second] = await t.db.query<{ id: number }>('SELECT id FROM operating_site ORDER BY id LIMIT 2');
    await t.db.query(
      `UPDATE battery SET status = CASE WHEN status = 'charging' THEN 'discharging' ELSE 'charging' END,
              soc = 100 - coalesce(soc, 50), online = true, current_error_code = NULL
        WHERE serial_number IN (SELECT serial_number FROM battery WHERE operating_site_id = $1 ORDER BY 1 LIMIT 5)`,
      [first?.id],
    );
    await t.db.query(
      `UPDATE battery SET operating_site_id = $2, group_id = NULL
        WHERE serial_number IN (SELECT serial_number FROM battery WHERE operating_site_id = $1 ORDER BY 1 DESC LIMIT 2)`,
      [first?.id, second?.id],
    );
    await t.db.query(
      `INSERT INTO battery (serial_number, operating_site_id, name, battery_type, product, status, online, soc,
                           current_error_code)
       VALUES ('HEALTH-1', $1, 'Health one', 'LFP 48V', 'Test', 'error', true, 5, 'E101'),
              ('HEALTH-2', $1, 'Health two', 'LFP 48V', 'Test', 'charging', true, 80, NULL)`,
      [second?.id],
    );
    await t.db.query(`DELETE FROM battery WHERE serial_number = 'HEALTH-2'`);
    await expectAsLiveView((await health()).sites);
  });

  it('counts the active alarms as the inbox shows them, and charger-station units as their live view', async () => {
    const [device] = await t.db.query<{ serial: string; site: number }>(
      'SELECT serial_number AS serial, operating_site_id AS site FROM battery ORDER BY serial_number LIMIT 1',
    );
    const [unit] = await t.db.query<{ serial: string; site: number }>(
      'SELECT mdload_serial AS serial, operating_site_id AS site FROM mdload_unit ORDER BY id LIMIT 1',
    );
    await t.db.query(
      `INSERT INTO alarm (rule_name, kind, product, operating_site_id, serial_number, device_name, type, code,
                          description, opened_at, acknowledged_at, cleared_at)
       VALUES ('Low SoC', 'threshold', 'battery', $1, $2, 'B', 'threshold', 'socBelow', 'SoC 12 %', now(), NULL, NULL),
              ('Hot', 'threshold', 'battery', $1, $2, 'B', 'threshold', 'cellTemperatureAbove', '50 °C', now(), now(), NULL),
              ('Old', 'threshold', 'battery', $1, $2, 'B', 'threshold', 'socBelow', 'SoC 12 %', now(), NULL, now()),
              ('Power', 'threshold', 'mdload', $3, $4, 'U', 'threshold', 'stationPowerAbove', '90 kW', now(), NULL, NULL)`,
      [device?.site, device?.serial, unit?.site, unit?.serial],
    );
    await t.db.query(`UPDATE mdload_unit SET status = 'error' WHERE mdload_serial = $1`, [unit?.serial]);
    for (const cookie of [admin, operator]) {
      const { sites, total } = await health('', cookie);
      const inbox = await inboxAlarms(cookie);
      for (const site of sites) {
        const { operatingSiteId: id } = site;
        expect(site.stations, `site ${id}`).toEqual(await liveStations(id, cookie));
        if (site.activeAlarms !== null) expect(site.activeAlarms, `site ${id}`).toBe(inbox(id));
      }
      const counted = sites.filter((site) => site.activeAlarms !== null);
      expect(total.activeAlarms).toBe(
        counted.length ? counted.reduce((sum, s) => sum + (s.activeAlarms ?? 0), 0) : null,
      );
    }
    const { sites } = await health();
    const withAlarms = (siteId: number | undefined) => sites.find((site) => site.operatingSiteId === siteId);
    expect(withAlarms(device?.site)?.activeAlarms).toBeGreaterThanOrEqual(2);
    expect(withAlarms(unit?.site)?.activeAlarms).toBeGreaterThanOrEqual(1);
    expect(withAlarms(unit?.site)?.stations?.error).toBeGreaterThanOrEqual(1);
  });

  it('counts a unit whose connection is gone or that is silent offline, not in error (decision 140)', async () => {
    const [unit] = await t.db.query<{ site: number }>(
      'SELECT operating_site_id AS site FROM mdload_unit ORDER BY id LIMIT 1',
    );
    const site = unit?.site ?? 0;
    const stationsAt = async () => (await health()).sites.find((s) => s.operatingSiteId === site)?.stations;
    const before = await stationsAt();
    if (!before) throw new Error('the admin sees no charger-station units');
    await t.db.query(
      `INSERT INTO mdload_unit (mdload_serial, name, operating_site_id, max_power_kw, status, online,
                                last_data_timestamp)
       VALUES ('MDL-WILL', 'Will', $1, 50, 'error', false, now()),
              ('MDL-QUIET', 'Quiet', $1, 50, 'error', true, now() - make_interval(mins => $2 + 1)),
              ('MDL-NOW', 'Now', $1, 50, 'error', true, now() - make_interval(mins => $2 - 1))`,
      [site, SILENT_AFTER_MINUTES],
    );
    const after = await stationsAt();
    expect(after).toEqual({ ...before, units: before.units + 3, offline: before.offline + 2, error: before.error + 1 });
    expect(after).toEqual(await liveStations(site));
    await t.db.query(`DELETE FROM mdload_unit WHERE mdload_serial IN ('MDL-WILL', 'MDL-QUIET', 'MDL-NOW')`);
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
      `SELECT count(*)::int AS count FROM battery WHERE battery_health_state(status, online, current_error_code) = 'error'`,
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

  it('counts a disconnected battery offline, not in error: its error is the last known one (issue 49)', async () => {
    const [site] = await t.db.query<{ id: number }>('SELECT id FROM operating_site ORDER BY id LIMIT 1');
    const siteId = site?.id as number;
    const before = (await health(`?operatingSiteId=${siteId}`)).sites[0];
    // As ingestion leaves a battery after its last will, as the silence job after a clean disconnect, and by hand.
    const dropped = { 'DROP-WILL': 'offline', 'DROP-QUIET': 'silent', 'DROP-HAND': 'error' };
    await t.db.query(
      `INSERT INTO battery (serial_number, operating_site_id, name, battery_type, product, status, online, soc,
                           current_error_code, last_error_at, last_data_timestamp)
       VALUES ('DROP-WILL', $1, 'Dropped will', 'LFP 48V', 'Test', 'offline', false, 60, 'E101',
               now() - interval '31 days', now() - interval '30 days'),
              ('DROP-QUIET', $1, 'Dropped quiet', 'LFP 48V', 'Test', 'silent', true, 60, 'E101',
               now() - interval '31 days', now() - interval '30 days'),
              ('DROP-HAND', $1, 'Dropped by hand', 'LFP 48V', 'Test', 'error', false, 60, 'E101',
               now() - interval '31 days', now() - interval '30 days')`,
      [siteId],
    );
    const after = (await health(`?operatingSiteId=${siteId}`)).sites[0];
    expect(after?.offline).toBe((before?.offline ?? 0) + 3);
    expect(after?.error).toBe(before?.error);
    await expectAsLiveView([after as SiteHealth]);

    const listed = async (figure: string) => {
      const response = await get(`${BASE}/batteries?figure=${figure}&operatingSiteId=${siteId}`);
      const { batteries } = figureBatteriesResponseSchema.parse(response.json());
      return batteries.filter((battery) => battery.batterySerialNumber in dropped);
    };
    expect(await listed('error')).toEqual([]);
    const offline = await listed('offline');
    expect(offline.map((battery) => [battery.state, battery.currentErrorCode])).toEqual([
      ['offline', 'E101'],
      ['offline', 'E101'],
      ['offline', 'E101'],
    ]);

    const live = await get(`/api/v2/battery/BatteryLiveView?operatingSiteId=${siteId}&search=Dropped`);
    const shown = liveViewResponseSchema
      .parse(live.json())
      .batteries.map((battery) => [battery.batterySerialNumber, battery.status, battery.hasCurrentError]);
    expect(shown).toEqual([
      ['DROP-HAND', 'error', true],
      ['DROP-QUIET', 'silent', true],
      ['DROP-WILL', 'offline', true],
    ]);

    const needing = (await attention(`?operatingSiteId=${siteId}`)).batteries.filter(
      (battery) => battery.batterySerialNumber in dropped,
    );
    expect(needing.map((battery) => [battery.reasons, battery.currentErrorCode])).toEqual([
      [['offline'], 'E101'],
      [['offline'], 'E101'],
      [['offline'], 'E101'],
    ]);
    await t.db.query(`DELETE FROM battery WHERE serial_number LIKE 'DROP-%'`);
  });

  it('shows a user only the sites they hold the live view at, licences only with cbm_update', async () => {
    const all = await health();
    const own = await health('', operator);
    expect(own.sites.length).toBeGreaterThan(0);
    expect(own.sites.length).toBeLessThan(all.sites.length);
    expect(own.sites.every((site) => site.licencesExpiring === null)).toBe(true);
    expect(all.sites.every((site) => site.activeAlarms !== null && site.stations !== null)).toBe(true);
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
