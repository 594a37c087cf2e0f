import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const BASE = '/api/v2/battery/BatteryLiveView';

describeEachDatabase('battery live view CSV', (kind) => {
  let t: TestApp;
  let admin: string;
  let hamburg: number;
  const csv = (language: string, query = '') =>
    t.request({
      url: `${BASE}/csv?operatingSiteId=${hamburg}${query}`,
      cookie: admin,
      headers: { 'accept-language': language },
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    hamburg = (await siteNodeIds(t, admin))['Hamburg Hafen'] as number;
    await t.db.query(
      `UPDATE battery SET name = 'Stapler "Nord"; Halle 2', soc = 55.5, min_cell_temperature = -12.5, next_service_date = '2027-03-04',
              last_data_timestamp = '2026-11-21T09:05:00Z'
        WHERE serial_number = (SELECT min(serial_number) FROM battery WHERE operating_site_id = $1)`,
      [hamburg],
    );
  });
  afterAll(() => t.close());

  it('is an attachment named battery-list.csv', async () => {
    const response = await csv('en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="battery-list.csv"');
  });

  it('uses a BOM, English headers, commas and decimal points in English', async () => {
    const body = (await csv('en-US')).body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Battery name,Serial number,Group,Type,State,SoC (%),SoH (%),Stack voltage (V),Min. cell temperature (°C),' +
        'Max. cell temperature (°C),Charger,Last data,Next service,Current error',
    );
    const [{ count }] = (await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM battery WHERE operating_site_id = $1',
      [hamburg],
    )) as [{ count: number }];
    expect(lines).toHaveLength(count + 1);
    const row = lines.find((line) => line.includes('Nord'));
    expect(row).toMatch(/^"Stapler ""Nord""; Halle 2",/);
    expect(row).toContain(',55.5,');
    expect(row).toContain(',-12.5,');
    expect(row).toContain(',11-21-2026 10:05,03-04-2027,');
  });

  it('uses German headers, semicolons and decimal commas in German', async () => {
    const body = (await csv('de-DE,de;q=0.9')).body;
    const lines = body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]?.split(';').slice(0, 5)).toEqual(['Batteriename', 'Seriennummer', 'Gruppe', 'Typ', 'Zustand']);
    const row = lines.find((line) => line.includes('Nord'));
    expect(row).toMatch(/^"Stapler ""Nord""; Halle 2";/);
    expect(row).toContain(';55,5;');
    // A negative number is a number in German too, no longer neutralised to '-12,5 (text to Excel).
    expect(row).toContain(';-12,5;');
    expect(row).toContain(';21.11.2026 10:05;04.03.2027;');
    expect(lines.some((line) => line.includes(';Ohne Gruppe;'))).toBe(true);
  });

  it('follows the search and answers 400 for a bad site id', async () => {
    const body = (await csv('en', `&search=${encodeURIComponent('"Nord"')}`)).body;
    expect(body.slice(1).trimEnd().split('\r\n')).toHaveLength(2);
    expect((await t.request({ url: `${BASE}/csv?operatingSiteId=x`, cookie: admin })).statusCode).toBe(400);
  });
});
