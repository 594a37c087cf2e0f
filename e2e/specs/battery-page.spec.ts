import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Reads batteries of Linz Hafen and München Riem and a unit of Hamburg Hafen; changes nothing but fresh samples.
const SITE = 'Linz Hafen';
const SAMPLE_TIMEOUT = 30_000;

interface Battery {
  batterySerialNumber: string;
  batteryName: string;
}

const pagePath = (siteId: number, serial: string) => `/${siteId}/batteries/${encodeURIComponent(serial)}`;
const figure = (scope: Page | Locator, name: string) => scope.getByRole('figure', { name, exact: true });

/** A battery of the site with a stored sample of today: asked for fresh data first (the demo's raw samples). */
async function batteryWithSamples(page: Page, siteId: number, index: number): Promise<Battery> {
  const list = await page.request.get(`/api/v2/battery/BatteryLiveView?operatingSiteId=${siteId}`);
  const battery = ((await list.json()) as { batteries: Battery[] }).batteries[index] as Battery;
  const serial = encodeURIComponent(battery.batterySerialNumber);
  await page.request.get(`/api/v2/battery/BatteryLiveView/${serial}/update?operatingSiteId=${siteId}`);
  const from = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  const to = new Date(Date.now() + 60_000).toISOString();
  await expect
    .poll(
      async () => {
        const response = await page.request.get(
          `/api/v2/battery/Profile/${serial}?operatingSiteId=${siteId}&from=${from}&to=${to}`,
        );
        return ((await response.json()) as { points: { samples: number }[] }).points.some((p) => p.samples > 0);
      },
      { timeout: SAMPLE_TIMEOUT },
    )
    .toBe(true);
  return battery;
}

test.describe('battery page', () => {
  test('a demo battery shows its live state, versions, charts from its history and every action', async ({
    page,
    signIn,
    siteIds,
  }) => {
    await signIn('admin', { next: `/${siteIds[SITE]}/overview` });
    const battery = await batteryWithSamples(page, siteIds[SITE], 0);
    await page.goto(pagePath(siteIds[SITE], battery.batterySerialNumber));
    await expect(page.getByRole('heading', { level: 1, name: battery.batteryName })).toBeVisible();
    await expect(page).toHaveTitle('Battery - CBM');
    await expect(page.getByText(`Serial number ${battery.batterySerialNumber}`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Versions' }).getByText('Firmware')).toBeVisible();
    for (const name of ['State of charge', 'Current', 'Voltage', 'Temperatures']) {
      await expect(figure(page, name).locator('.recharts-line').first()).toBeAttached();
    }
    const actions = page.getByRole('toolbar', { name: 'Battery actions' });
    const buttons = ['Update data', 'Rename battery', 'Move to group', 'Request datalog', 'Enable remote debugging'];
    for (const name of [...buttons, 'Software update']) {
      await expect(actions.getByRole('button', { name, exact: true })).toBeVisible();
    }
    for (const name of ['Report', 'Profile Analysis']) await expect(actions.getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Charge sessions' })).toBeVisible();
    const history = page.getByRole('region', { name: 'History' });
    await expect(
      figure(history, 'State of charge (lowest and highest)').locator('.recharts-line').first(),
    ).toBeAttached();
    await expect(history.getByRole('link', { name: 'All events of this battery' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Update jobs' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Datalogs' })).toBeVisible();

    // The battery list's name cell opens the page.
    await page.goto(`/${siteIds[SITE]}/expert/battery_list`);
    const first = page.getByRole('table').getByRole('link').first();
    const name = (await first.textContent()) ?? '';
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('a charger-station unit has its page, opened from the unit in the live view', async ({
    page,
    signIn,
    siteIds,
  }) => {
    await signIn('admin', { next: `/${siteIds['Hamburg Hafen']}/mdload/live` });
    const unitLink = page.getByRole('heading', { level: 2 }).getByRole('link').first();
    const name = (await unitLink.textContent()) ?? '';
    await unitLink.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(/^Charger-station unit · serial number /)).toBeVisible();
    await expect(page.getByRole('region', { name: `Charger-station unit ${name}` })).toBeVisible();
  });

  test.describe('in German', () => {
    test.use({ locale: 'de-DE' });

    test('ohne Expertenrechte den Verlauf, ohne cbm_update keine Firmware-Aktion, und die API lehnt sie ab', async ({
      page,
      signIn,
      siteIds,
    }) => {
      const siteId = siteIds['München Riem'];
      await signIn('operator', { next: `/${siteId}/live` });
      const list = await page.request.get(`/api/v2/battery/BatteryLiveView?operatingSiteId=${siteId}`);
      const battery = ((await list.json()) as { batteries: Battery[] }).batteries[0] as Battery;
      await page.goto(pagePath(siteId, battery.batterySerialNumber));
      await expect(page.getByRole('heading', { level: 1, name: battery.batteryName })).toBeVisible();
      await expect(page).toHaveTitle('Batterie - CBM');
      const actions = page.getByRole('toolbar', { name: 'Aktionen der Batterie' });
      await expect(actions.getByRole('button', { name: 'Daten aktualisieren' })).toBeVisible();
      await expect(actions.getByRole('button', { name: 'Software-Update' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Update-Aufträge' })).toHaveCount(0);
      // Its history without expert features (decision 115): the roll-ups' trend and the range's events and alarms.
      const history = page.getByRole('region', { name: 'Verlauf' });
      await expect(
        figure(history, 'Ladezustand (niedrigster und höchster)').locator('.recharts-line').first(),
      ).toBeAttached();
      await expect(
        figure(history, 'Geladene und entladene Energie').locator('.recharts-bar-rectangle').first(),
      ).toBeAttached();
      await expect(history.getByRole('heading', { name: 'Ereignisse und Alarme in diesem Zeitraum' })).toBeVisible();
      await expect(history.getByRole('link', { name: 'Alle Ereignisse dieser Batterie' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Detaillierte Verläufe aus den Messwerten' })).toHaveCount(0);

      const refused = await page.request.post(
        `/api/v2/battery/Update/${siteId}/${encodeURIComponent(battery.batterySerialNumber)}`,
        {
          multipart: { updateFile: { name: 'fw.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('x') } },
        },
      );
      expect(refused.status()).toBe(403);
    });
  });
});
