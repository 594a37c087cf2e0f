import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Reads Hamburg Hafen's charger-station samples (the simulated unit, since the server started) and the demo's
// charge sessions on the chargers of its stations; changes nothing.
const SITE = 'Hamburg Hafen';

async function chooseRange(page: Page, label: RegExp, preset: string) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('button', { name: preset, exact: true }).click();
  await page.keyboard.press('Escape');
}

const TEXTS = {
  'en-US': {
    range: /^Time range/,
    today: 'Today',
    lastMonth: 'Last month',
    consumption: 'Charger stations: Consumption',
    total: 'Total consumption',
    peak: 'Peak power',
    cost: 'Cost',
    daily: 'Energy per day',
    startSoc: 'Charger stations: Start SoC',
    distribution: 'Start SoC of the charging sessions',
    sessions: /charging sessions? started at the stations’ chargers/,
    noData: 'No available data',
  },
  'de-DE': {
    range: /^Zeitraum/,
    today: 'Heute',
    lastMonth: 'Letzter Monat',
    consumption: 'Ladestationen: Verbrauch',
    total: 'Gesamtverbrauch',
    peak: 'Spitzenleistung',
    cost: 'Kosten',
    daily: 'Energie pro Tag',
    startSoc: 'Ladestationen: Start-SoC',
    distribution: 'Start-SoC der Ladevorgänge',
    sessions: /Ladevorg(ang|änge) (hat|haben) in diesem Zeitraum/,
    noData: 'Keine Daten verfügbar',
  },
} as const;

for (const [locale, text] of Object.entries(TEXTS)) {
  test.describe(`charger-station statistics (${locale})`, () => {
    test.use({ locale });

    test('consumption of today: summary and daily energy chart', async ({ page, signIn, siteIds }) => {
      await signIn('admin', { next: `/${siteIds[SITE]}/mdload/stats/consumption` });
      await expect(page.getByRole('main').getByRole('heading', { name: text.consumption })).toBeVisible();
      await chooseRange(page, text.range, text.today);
      for (const figure of [text.total, text.peak, text.cost]) {
        await expect(page.getByRole('group', { name: figure })).toBeVisible();
      }
      await expect(page.getByRole('group', { name: text.total })).toContainText('kWh');
      await expect(page.getByRole('heading', { name: text.daily })).toBeVisible();
      await expect(page.locator('.recharts-surface').first()).toBeVisible();
    });

    test('start SoC of last month: sessions per 20 % bucket', async ({ page, signIn, siteIds }) => {
      await signIn('admin', { next: `/${siteIds[SITE]}/mdload/stats/start-soc` });
      await expect(page.getByRole('main').getByRole('heading', { name: text.startSoc })).toBeVisible();
      await chooseRange(page, text.range, text.lastMonth);
      await expect(page.getByText(text.sessions)).toBeVisible();
      await expect(page.getByRole('heading', { name: text.distribution })).toBeVisible();
      await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
      await expect(page.getByText('≤ 100 %').first()).toBeVisible();
    });

    test('a site without charger stations has no available data', async ({ page, signIn, siteIds }) => {
      await signIn('admin', { next: `/${siteIds['Linz Hafen']}/mdload/stats/consumption` });
      await expect(page.getByText(text.noData, { exact: true })).toBeVisible();
    });
  });
}
