import {
  FIGURE_LISTS,
  type FigureList,
  figureBatteriesResponseSchema,
  fleetHealthResponseSchema,
  type HealthFigures,
  LOW_SOC_PERCENT,
} from '@cbm/contracts/fleet-health';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const BASE = '/api/v2/fleet-health';

/** The overview's count of each listed figure (the service tile adds due and overdue). */
const counted = (figures: HealthFigures, figure: FigureList) =>
  figure === 'service' ? figures.serviceDue + figures.serviceOverdue : figures[figure];

describeEachDatabase("fleet health figures' lists", (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  const get = (url: string, cookie = admin) => t.request({ url, cookie });
  const list = async (query: string, cookie = admin) => {
    const response = await get(`${BASE}/batteries?${query}`, cookie);
    expect(response.statusCode, query).toBe(200);
    return figureBatteriesResponseSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    // Make every figure occur: errors now and within 24 h, long offline, low SoC, service overdue and due.
    await t.db.query(`WITH picked AS (
        SELECT serial_number, row_number() OVER (ORDER BY serial_number) AS n FROM battery)
      UPDATE battery b SET
        current_error_code = CASE WHEN p.n % 7 = 0 THEN 'E101' ELSE b.current_error_code END,
        last_error_at = CASE WHEN p.n % 4 = 0 THEN now() - interval '3 hours' ELSE b.last_error_at END,
        online = CASE WHEN p.n % 11 = 0 THEN false ELSE b.online END,
        soc = CASE WHEN p.n % 5 = 0 THEN ${LOW_SOC_PERCENT - 5} ELSE b.soc END,
        next_service_date = CASE WHEN p.n % 6 = 0 THEN current_date - 10
                                 WHEN p.n % 6 = 1 THEN current_date + 5 ELSE b.next_service_date END
      FROM picked p WHERE p.serial_number = b.serial_number`);
    // Building the app on a busy machine (migrations and the demo seed) takes longer than the default minute.
  }, 600_000);
  afterAll(() => t.close());

  it('lists exactly as many batteries as each figure counts, in total and per site, each matching it', async () => {
    const { sites, total } = fleetHealthResponseSchema.parse((await get(BASE)).json());
    for (const figure of FIGURE_LISTS) {
      const all = await list(`figure=${figure}`);
      expect(all.totalCount, figure).toBe(counted(total, figure));
      expect(all.batteries).toHaveLength(Math.min(all.totalCount, 500));
      expect(counted(total, figure), figure).toBeGreaterThan(0);
      for (const battery of all.batteries) {
        if (['charging', 'discharging', 'standby', 'offline', 'error'].includes(figure)) {
          expect(battery.state).toBe(figure);
        }
        if (figure === 'lowSoc') expect(battery.soc).toBeLessThan(LOW_SOC_PERCENT);
        if (figure === 'errorWithin24h') expect(battery.errorWithin24h).toBe(true);
      }
      for (const site of sites) {
        const ofSite = await list(`figure=${figure}&operatingSiteId=${site.operatingSiteId}&limit=1`);
        expect(ofSite.totalCount, `${figure} at ${site.operatingSiteId}`).toBe(counted(site, figure));
      }
    }
  });

  it('pages by site and name', async () => {
    const whole = await list('figure=batteries&limit=6');
    const second = await list('figure=batteries&offset=3&limit=3');
    expect(second.batteries).toEqual(whole.batteries.slice(3));
    expect(second.totalCount).toBe(whole.totalCount);
  });

  it("lists only the user's live-view sites; an unknown figure or site gets a message", async () => {
    const own = fleetHealthResponseSchema.parse((await get(BASE, operator)).json());
    const listed = await list('figure=batteries', operator);
    expect(listed.totalCount).toBe(own.total.batteries);
    const ownIds = new Set(own.sites.map((site) => site.operatingSiteId));
    expect(listed.batteries.every((battery) => ownIds.has(battery.operatingSiteId))).toBe(true);
    const [foreign] = await t.db.query<{ id: number }>('SELECT id FROM operating_site WHERE NOT (id = ANY($1))', [
      [...ownIds],
    ]);
    expect((await get(`${BASE}/batteries?figure=error&operatingSiteId=${foreign?.id}`, operator)).statusCode).toBe(403);
    expect((await get(`${BASE}/batteries?figure=error&operatingSiteId=999999`)).statusCode).toBe(404);
    const unknown = await get(`${BASE}/batteries?figure=happy`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ errors: Record<string, string[]> }>().errors['querystring.figure']).toBeDefined();
  });
});
