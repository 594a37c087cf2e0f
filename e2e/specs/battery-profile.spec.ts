import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Looks at batteries of Poznań Logistics Park and switches their profiling, which no other spec touches.
const SITE = 'Poznań Logistics Park';
const SAMPLE_TIMEOUT = 30_000;

interface Battery {
  batterySerialNumber: string;
  batteryName: string;
}

/**
 * A battery of the site with a stored sample from the last minutes: the demo keeps raw samples only from
 * the simulated devices, so the battery is asked for fresh data ('update data') first.
 */
async function batteryWithSamples(page: Page, siteId: number, index: number): Promise<Battery> {
  const list = await page.request.get(`/api/v2/battery/Datalog/filters/batteries?operatingSiteId=${siteId}`);
  const battery = ((await list.json()) as Battery[])[index] as Battery;
  const serial = encodeURIComponent(battery.batterySerialNumber);
  await page.request.get(`/api/v2/battery/BatteryLiveView/${serial}/update?operatingSiteId=${siteId}`);
  const from = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  await expect
    .poll(
      async () => {
        const response = await page.request.get(
          `/api/v2/battery/Profile/${serial}?operatingSiteId=${siteId}&from=${from}&to=${new Date(Date.now() + 60_000).toISOString()}`,
        );
        const body = (await response.json()) as { points: { samples: number }[] };
        return body.points.some((point) => point.samples > 0);
      },
      { timeout: SAMPLE_TIMEOUT },
    )
    .toBe(true);
  return battery;
}

const figure = (page: Page, name: string) => page.getByRole('figure', { name, exact: true });

test.describe('battery profile analysis', () => {
  test('shows the charts of a battery, changes the range and switches detailed profiling on', async ({
    page,
    signIn,
    siteIds,
  }) => {
    // Five charts, two ranges, a saved setting and a reload: 20 s on a quiet 2-core machine.
    test.setTimeout(60_000);
    await signIn('admin', { next: `/${siteIds[SITE]}/overview` });
    const battery = await batteryWithSamples(page, siteIds[SITE], 0);
    await page.goto(`/${siteIds[SITE]}/expert/profile/${encodeURIComponent(battery.batterySerialNumber)}`);
    await expect(page.getByRole('heading', { name: 'Profile Analysis' })).toBeVisible();
    await expect(page).toHaveTitle('Profile Analysis - CBM');
    await expect(page.getByText(battery.batterySerialNumber, { exact: false })).toBeVisible();
    for (const name of ['State of charge', 'Current', 'Voltage', 'Temperatures', 'State']) {
      await expect(figure(page, name).locator('.recharts-line').first()).toBeAttached();
    }

    // Last year (a quick range) has no raw samples in the fresh demo; today has.
    await page.getByRole('button', { name: 'Time range' }).click();
    await page.getByRole('button', { name: 'Last year' }).click();
    await expect(page.getByText('No available data')).toBeVisible();
    await page.getByRole('button', { name: 'Time range' }).click();
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(figure(page, 'State of charge').locator('.recharts-line').first()).toBeAttached();

    const profiling = page.getByRole('switch', { name: 'Detailed profiling' });
    const wasOn = await profiling.isChecked();
    await profiling.click({ force: true });
    await expect(page.getByRole('status').filter({ hasText: 'Battery profiling saved' })).toBeVisible();
    await expect(profiling).toBeChecked({ checked: !wasOn });
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Detailed profiling' })).toBeChecked({ checked: !wasOn });
    await expect(page.getByText(/^Profile data available from \d{2}-\d{2}-\d{4}$/)).toBeVisible();
  });

  test.describe('in German', () => {
    test.use({ locale: 'de-DE' });

    test('zeigt die Diagramme und speichert das Profiling', async ({ page, signIn, siteIds }) => {
      await signIn('admin', { next: `/${siteIds[SITE]}/overview` });
      const battery = await batteryWithSamples(page, siteIds[SITE], 1);
      await page.goto(`/${siteIds[SITE]}/expert/profile/${encodeURIComponent(battery.batterySerialNumber)}`);
      await expect(page.getByRole('heading', { name: 'Profilanalyse' })).toBeVisible();
      await expect(figure(page, 'Ladezustand').locator('.recharts-line').first()).toBeAttached();
      await expect(figure(page, 'Zustand')).toBeVisible();
      const profiling = page.getByRole('switch', { name: 'Detailliertes Profiling' });
      const wasOn = await profiling.isChecked();
      await profiling.click({ force: true });
      await expect(page.getByRole('status').filter({ hasText: 'Batterie-Profiling gespeichert' })).toBeVisible();
      await expect(profiling).toBeChecked({ checked: !wasOn });
    });
  });
});
