import type { StatisticsBattery, StatisticsResponse } from '@cbm/contracts/statistics';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInScopedAdmin, siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const RANGE = 'from=2026-11-01T23:00:00Z&to=2026-11-08T23:00:00Z';

describeEachDatabase('battery statistics API', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let ids: Record<string, number>;
  let hamburg: number;
  const get = (url: string, cookie = admin, language = 'en') =>
    t.request({ url, cookie, headers: { 'accept-language': language } });
  const statistics = (query: string, cookie = admin, language = 'en') =>
    get(`/api/v2/Statistics?operatingSiteId=${hamburg}&${query}`, cookie, language);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    ids = await siteNodeIds(t, admin);
    hamburg = ids['Hamburg Hafen'] as number;
  }, 600_000);
  afterAll(() => t.close());

  it('lists the site’s batteries with their groups', async () => {
    const response = await get(`/api/v2/Statistics/filter/batteries?operatingSiteId=${hamburg}`);
    expect(response.statusCode).toBe(200);
    const batteries = response.json() as StatisticsBattery[];
    expect(batteries.length).toBe(30);
    expect(batteries.some((battery) => battery.groupName !== null)).toBe(true);
  });

  it('answers every period of the range, with zeros where nothing was rolled up', async () => {
    const response = await statistics(`type=totalenergy&groupBy=organization&granularity=day&${RANGE}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as StatisticsResponse;
    expect(body.periods).toEqual([
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
    ]);
    expect(body.series).toEqual([
      {
        key: 'organization',
        label: 'Hamburg Hafen',
        values: { chargedKwh: Array(7).fill(0), dischargedKwh: Array(7).fill(0) },
      },
    ]);
  });

  it('gives weeks from Monday and months from the 1st, with an empty box plot as null', async () => {
    const weeks = (await statistics(`type=startsoc&groupBy=organization&granularity=week&${RANGE}`)).json();
    expect(weeks.periods).toEqual(['2026-11-02']);
    expect(weeks.series[0].values.median).toEqual([null]);
    const months = (
      await statistics(
        'type=co2&groupBy=organization&granularity=month&from=2026-01-31T23:00:00Z&to=2026-03-01T00:00:00Z',
      )
    ).json();
    expect(months.periods).toEqual(['2026-02-01', '2026-03-01']);
  });

  it('says which fields are required, in German too', async () => {
    const response = await get(`/api/v2/Statistics?operatingSiteId=${hamburg}`, admin, 'de');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      'querystring.type': ['Typ ist erforderlich'],
      'querystring.groupBy': ['Gruppierung ist erforderlich'],
      'querystring.granularity': ['Zeittyp ist erforderlich'],
      'querystring.from': ['Startzeit ist erforderlich'],
      'querystring.to': ['Endzeit ist erforderlich'],
    });
    const serials = await statistics(`type=co2&groupBy=serial&granularity=day&${RANGE}`);
    expect(serials.json().errors).toEqual({ 'querystring.serials': ['Serial is required'] });
    const groups = await statistics(`type=co2&groupBy=group&granularity=day&${RANGE}`);
    expect(groups.json().errors).toEqual({ 'querystring.groupIds': ['Group is required'] });
  });

  it('refuses inverted ranges, unknown zones and zones it cannot count exactly', async () => {
    const inverted = await statistics(
      'type=co2&groupBy=organization&granularity=day&from=2026-11-08T00:00:00Z&to=2026-11-01T00:00:00Z',
    );
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().errors).toEqual({ 'querystring.to': ['The end must be after the start'] });
    const zone = await statistics(`type=co2&groupBy=organization&granularity=day&${RANGE}&timeZone=Mars/Base`);
    expect(zone.json().errors).toEqual({
      'querystring.timeZone': ['Choose a time zone from the list (IANA name, e.g. Europe/Berlin)'],
    });
    await t.db.query(
      `INSERT INTO battery_day SELECT serial_number, operating_site_id, '2026-11-03', 'Europe/Berlin', 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 50, 50, 90
         FROM battery WHERE operating_site_id = $1 LIMIT 1`,
      [hamburg],
    );
    // A :30 zone reads the hour rows' quarter parts, which this site (no hour rows) does not have.
    const kolkata = await statistics(`type=co2&groupBy=organization&granularity=day&${RANGE}&timeZone=Asia/Kolkata`);
    expect(kolkata.statusCode).toBe(400);
    expect(kolkata.json()).toMatchObject({ code: 'statistics.hoursMissing' });
    expect(kolkata.json().message).toContain('Asia/Kolkata');
    const utc = await statistics(`type=co2&groupBy=organization&granularity=day&${RANGE}&timeZone=UTC`, admin, 'de');
    expect(utc.statusCode).toBe(400);
    expect(utc.json().message).toContain('Stundendaten');
    const berlin = await statistics(`type=co2&groupBy=organization&granularity=day&${RANGE}`);
    expect(berlin.json().series[0].values.co2Kg[1]).toBe(0.386);
  });

  it('counts in the site’s own zone when the call names none (a London site in Europe/London)', async () => {
    const birmingham = ids['Birmingham Central'] as number;
    await t.db.query(
      `INSERT INTO battery_day SELECT serial_number, operating_site_id, '2026-11-03', 'Europe/London', 2, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 50, 50, 90
         FROM battery WHERE operating_site_id = $1 LIMIT 1`,
      [birmingham],
    );
    const range = 'from=2026-11-02T00:00:00Z&to=2026-11-09T00:00:00Z';
    const response = await get(
      `/api/v2/Statistics?operatingSiteId=${birmingham}&type=totalenergy&groupBy=organization&granularity=day&${range}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as StatisticsResponse;
    expect(body.timeZone).toBe('Europe/London');
    expect(body.series[0]?.values.chargedKwh?.[1]).toBe(2);
    const exportCsv = await get(
      `/api/v2/Statistics/export?operatingSiteId=${birmingham}&serials=all&resolution=daily&${range}`,
    );
    expect(exportCsv.statusCode, exportCsv.body).toBe(200);
    expect(exportCsv.body).toContain('2.000');
  });

  it('names the first whole local day with hour rows and accepts a start on it', async () => {
    const birmingham = ids['Birmingham Central'] as number;
    const [battery] = await t.db.query<{ serial_number: string }>(
      'SELECT serial_number FROM battery WHERE operating_site_id = $1 ORDER BY serial_number DESC LIMIT 1',
      [birmingham],
    );
    await t.db.query(
      `INSERT INTO battery_day SELECT $2, $1, d::date, 'Europe/London', 12, 6, 86400000, 0, 0, 0, 86400000, 0, 0, 0, 0, 50, 50, 90
         FROM generate_series('2026-11-09'::date, '2026-11-13'::date, interval '1 day') d`,
      [birmingham, battery?.serial_number],
    );
    // Hours from 10:00 UTC on 11 November, as when hour roll-ups started mid-day (the day rows hold whole days).
    await t.db.query(
      `INSERT INTO battery_hour SELECT $2, $1, h, 0.5, 0.25, 3600000, 0
         FROM generate_series('2026-11-11T10:00Z'::timestamptz, '2026-11-13T23:00Z'::timestamptz, interval '1 hour') h`,
      [birmingham, battery?.serial_number],
    );
    const ask = (from: string) =>
      get(
        `/api/v2/Statistics?operatingSiteId=${birmingham}&type=totalenergy&groupBy=organization&granularity=day&timeZone=Europe/Berlin&from=${encodeURIComponent(from)}&to=2026-11-13T23:00:00Z`,
      );
    const refused = await ask('2026-11-11T00:00:00+01:00');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'statistics.hoursMissing' });
    expect(refused.json().message).toContain('from 2026-11-12 on');
    const accepted = await ask('2026-11-12T00:00:00+01:00');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as StatisticsResponse).series[0]?.values.chargedKwh).toEqual([12, 12]);
  });

  it('counts :30 and :45 zones from the hour rows’ quarter parts, and refuses hours without them', async () => {
    const stuttgart = ids['Stuttgart Hafen'] as number;
    const [battery] = await t.db.query<{ serial_number: string }>(
      'SELECT serial_number FROM battery WHERE operating_site_id = $1 ORDER BY serial_number LIMIT 1',
      [stuttgart],
    );
    const serial = battery?.serial_number;
    await t.db.query(
      `INSERT INTO battery_day SELECT $2, $1, '2026-11-10', 'Europe/Berlin', 1, 0, 3600000, 0, 0, 0, 3600000, 0, 0, 0, 0, 50, 50, 90`,
      [stuttgart, serial],
    );
    // One hour with energy: 0.6 kWh in its first 15 minutes, nothing until :45, 0.4 kWh after; the rest empty.
    await t.db.query(
      `INSERT INTO battery_hour (battery_serial_number, operating_site_id, hour, energy_charged_kwh, energy_discharged_kwh,
         operating_ms, low_soc_ms, charged_ukwh_15, charged_ukwh_30, charged_ukwh_45, discharged_ukwh_15,
         discharged_ukwh_30, discharged_ukwh_45, operating_ms_15, operating_ms_30, operating_ms_45, low_soc_ms_15,
         low_soc_ms_30, low_soc_ms_45)
       SELECT $2, $1, h, CASE WHEN h = '2026-11-10T18:00Z' THEN 1 ELSE 0 END, 0, 3600000, 0,
         CASE WHEN h = '2026-11-10T18:00Z' THEN 600000 ELSE 0 END, CASE WHEN h = '2026-11-10T18:00Z' THEN 600000 ELSE 0 END,
         CASE WHEN h = '2026-11-10T18:00Z' THEN 600000 ELSE 0 END, 0, 0, 0, 900000, 1800000, 2700000, 0, 0, 0
       FROM generate_series('2026-11-09T00:00Z'::timestamptz, '2026-11-12T23:00Z'::timestamptz, interval '1 hour') h`,
      [stuttgart, serial],
    );
    const ask = (timeZone: string) =>
      get(
        `/api/v2/Statistics?operatingSiteId=${stuttgart}&type=totalenergy&groupBy=serial&serials=${serial}&granularity=day&timeZone=${timeZone}&from=2026-11-10T00:00:00Z&to=2026-11-11T12:00:00Z`,
      );
    for (const zone of ['Asia/Kolkata', 'Asia/Kathmandu']) {
      const response = await ask(zone);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toContain('"chargedKwh":[0.6,0.4]');
    }
    const exported = await get(
      `/api/v2/Statistics/export?operatingSiteId=${stuttgart}&serials=${serial}&resolution=daily&timeZone=Asia/Kolkata&from=2026-11-10T00:00:00Z&to=2026-11-11T12:00:00Z`,
    );
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain('11-10-2026,24.00,0.600,');
    expect(exported.body).toContain('11-11-2026,24.00,0.400,');
    // A row written before migration 022 has no quarter parts: refused up to the first whole day after it.
    await t.db.query(
      `UPDATE battery_hour SET charged_ukwh_15 = NULL WHERE battery_serial_number = $1 AND hour = '2026-11-11T05:00Z'`,
      [serial],
    );
    const refused = await ask('Asia/Kolkata');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'statistics.hoursMissing' });
    expect(refused.json().message).toContain('from 2026-11-12 on');
  });

  it('answers 404 for groups and serials that are not at the site', async () => {
    const serial = await statistics(`type=co2&groupBy=serial&granularity=day&${RANGE}&serials=NOPE-1`);
    expect(serial.statusCode).toBe(404);
    expect(serial.json().message).toContain('NOPE-1');
    const group = await statistics(`type=co2&groupBy=group&granularity=day&${RANGE}&groupIds=999999`);
    expect(group.statusCode).toBe(404);
    // The export names every chosen battery that is not the site's, whichever site it belongs to.
    const [{ here, elsewhere }] = (await t.db.query<{ here: string; elsewhere: string }>(
      `SELECT min(serial_number) FILTER (WHERE operating_site_id = $1) AS here,
              min(serial_number) FILTER (WHERE operating_site_id <> $1) AS elsewhere FROM battery`,
      [hamburg],
    )) as [{ here: string; elsewhere: string }];
    const exported = await get(
      `/api/v2/Statistics/export?operatingSiteId=${hamburg}&serials=${here},${elsewhere},NOPE-2&resolution=daily&${RANGE}`,
    );
    expect(exported.statusCode).toBe(404);
    expect(exported.json().message).toContain(`${elsewhere}, NOPE-2`);
    expect(exported.json().message).not.toContain(here);
    const withAll = await get(
      `/api/v2/Statistics/export?operatingSiteId=${hamburg}&serials=all,NOPE-3&resolution=daily&${RANGE}`,
    );
    expect(withAll.statusCode).toBe(404);
    expect(withAll.json().message).toContain('NOPE-3');
  });

  it('offers Ungrouped as a group: the site’s batteries without one, named in the request’s language', async () => {
    const batteries = (
      await get(`/api/v2/Statistics/filter/batteries?operatingSiteId=${hamburg}`)
    ).json() as StatisticsBattery[];
    const ungrouped = batteries.find((battery) => battery.groupId === null);
    const grouped = batteries.find((battery) => battery.groupId !== null);
    expect(ungrouped).toBeDefined();
    // A battery that moved away and has no group there: its days here count for the site, in no group.
    const [moved] = await t.db.query<{ serial_number: string }>(
      `UPDATE battery SET group_id = NULL WHERE serial_number = (SELECT serial_number FROM battery
         WHERE operating_site_id = $1 ORDER BY serial_number LIMIT 1) RETURNING serial_number`,
      [ids['Wien Süd']],
    );
    const day = (serial: string | undefined, chargedKwh: number) =>
      t.db.query(
        `INSERT INTO battery_day VALUES ($1, $2, '2026-11-05', 'Europe/Berlin', $3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 50, 50, 90)`,
        [serial, hamburg, chargedKwh],
      );
    await day(ungrouped?.serialNumber, 3);
    await day(grouped?.serialNumber, 5);
    await day(moved?.serial_number, 7);
    const query = `type=totalenergy&groupBy=group&granularity=day&${RANGE}&groupIds=ungrouped,${grouped?.groupId}`;
    const english = await statistics(query);
    expect(english.statusCode, english.body).toBe(200);
    const series = (english.json() as StatisticsResponse).series;
    expect(series.map(({ key, label, values }) => ({ key, label, charged: values.chargedKwh?.[3] }))).toEqual([
      { key: String(grouped?.groupId), label: grouped?.groupName, charged: 5 },
      { key: 'ungrouped', label: 'Ungrouped', charged: 3 },
    ]);
    const german = (await statistics(query, admin, 'de')).json() as StatisticsResponse;
    expect(german.series[1]?.label).toBe('Ohne Gruppe');
    const site = (await statistics(`type=totalenergy&groupBy=organization&granularity=day&${RANGE}`)).json();
    expect(site.series[0].values.chargedKwh[3]).toBe(15);
    const wrong = await statistics(`type=co2&groupBy=group&granularity=day&${RANGE}&groupIds=none`);
    expect(wrong.statusCode).toBe(400);
  });

  it('needs cbm_statistic, access to the site and its Statistic permission', async () => {
    const wien = ids['Wien Süd'] as number;
    const query = `type=co2&groupBy=organization&granularity=day&${RANGE}`;
    expect((await statistics(query, operator)).statusCode).toBe(200);
    expect((await get(`/api/v2/Statistics?operatingSiteId=${wien}&${query}`, operator)).statusCode).toBe(403);
    expect((await get(`/api/v2/Statistics?operatingSiteId=999999&${query}`)).statusCode).toBe(404);
    const noPermission = await signInScopedAdmin(t, {
      email: 'no-statistic@cbm.test',
      features: ['cbm_statistic'],
      manages: [hamburg],
    });
    expect((await statistics(query, noPermission)).statusCode).toBe(403);
    expect((await get(`/api/v2/Statistics/filter/batteries?operatingSiteId=${hamburg}`, noPermission)).statusCode).toBe(
      403,
    );
    const blocked = await t.signIn('blocked@cbm.demo');
    expect((await statistics(query, blocked)).statusCode).toBe(403);
  });
});
