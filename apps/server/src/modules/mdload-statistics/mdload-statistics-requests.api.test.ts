import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInStationUsers } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const BASE = '/api/v2/mdload/MdLoadStatistic';

const BERLIN_RANGE = 'startTime=2026-11-19T00:00:00%2B01:00&endTime=2026-11-21T00:00:00%2B01:00';

/** The charger-station statistics' answers to bad requests and to users without access (no data needed). */
describeEachDatabase('charger-station statistics: bad requests and access', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let stations: string;
  let noPermission: string;
  let hamburg: number;
  let wien: number;
  const get = (url: string, cookie = admin, language = 'en') =>
    t.request({ url, cookie, headers: { 'accept-language': language } });
  const query = (zone = 'Europe/Berlin', range = BERLIN_RANGE) =>
    `operatingSiteId=${hamburg}&timeZone=${encodeURIComponent(zone)}&${range}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ admin, operator, stations, noPermission, hamburg, wien } = await signInStationUsers(t, 'cbm_mdstatistic'));
  }, 300_000);
  afterAll(() => t.close());

  const paths = ['consumption', 'power', 'startsoc'];

  it('answers 400 for an inverted range, in English and German', async () => {
    for (const path of paths) {
      const inverted = 'startTime=2026-11-20T00:00:00Z&endTime=2026-11-19T00:00:00Z';
      const en = await get(`${BASE}/${path}?${query('Europe/Berlin', inverted)}`);
      expect(en.statusCode).toBe(400);
      expect(en.json().errors).toEqual({ 'querystring.endTime': ['The end must be after the start'] });
      const de = await get(`${BASE}/${path}?${query('Europe/Berlin', inverted)}`, admin, 'de');
      expect(de.json().errors).toEqual({ 'querystring.endTime': ['Das Ende muss nach dem Anfang liegen'] });
    }
  });

  it('answers 400 for unknown time zones and times that are not ISO times', async () => {
    for (const path of paths) {
      const zone = await get(`${BASE}/${path}?${query('Mars/Olympus_Mons')}`);
      expect(zone.statusCode).toBe(400);
      expect(zone.json().errors).toEqual({
        'querystring.timeZone': ['Choose a time zone from the list (IANA name, e.g. Europe/Berlin)'],
      });
      const time = await get(`${BASE}/${path}?${query('Europe/Berlin', 'startTime=yesterday')}`, admin, 'de');
      expect(time.statusCode).toBe(400);
      expect(time.json().errors['querystring.startTime'][0]).toContain('Geben Sie eine gültige Zeit ein');
    }
  });

  it('needs the feature, the site and the Statistic permission there', async () => {
    for (const path of [...paths, 'availableTime']) {
      const url = `${BASE}/${path}?${query()}`;
      expect((await get(url, operator)).statusCode).toBe(403);
      // The demo's charger-station user has the feature and the rule at its organisation's sites (task g).
      expect((await get(url, stations)).statusCode).toBe(200);
      expect((await get(url, noPermission)).statusCode).toBe(403);
      const unknown = await get(url.replace(`operatingSiteId=${hamburg}`, 'operatingSiteId=987654'));
      expect(unknown.json()).toMatchObject({ statusCode: 404, code: 'sites.notFound' });
      const other = await get(url.replace(`operatingSiteId=${hamburg}`, `operatingSiteId=${wien}`));
      expect(other.statusCode).toBe(200);
    }
  });
});
