import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Reads the demo history of Hamburg Hafen (90 days before the server started); changes nothing.
const SITE = 'Hamburg Hafen';

// Every type once and every grouping at least once; the API tests cover each combination's figures.
const CASES = [
  { type: 'Start SoC', grouping: 'Organization' },
  { type: 'Availability', grouping: 'Group' },
  { type: 'Total energy', grouping: 'Serial number' },
  { type: 'CO2 equivalent', grouping: 'Group' },
];

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function chooseRange(page: Page, label: RegExp, preset: string) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('button', { name: preset, exact: true }).click();
  await page.keyboard.press('Escape');
}

test.describe('battery statistics', () => {
  test.beforeEach(async ({ signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds[SITE]}/stats/statistics` });
  });

  test('opens on the defaults with figures, and names a missing group or serial', async ({ page }) => {
    await expect(page.getByRole('combobox', { name: /^Type/ })).toHaveValue('Start SoC');
    await expect(page.getByRole('combobox', { name: /^Group by/ })).toHaveValue('Organization');
    await expect(page.getByRole('table', { name: 'Figures of the chart' }).getByRole('row').nth(1)).toBeVisible();
    await choose(page, /^Group by/, 'Group');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page.getByText('Group is required', { exact: true })).toBeVisible();
    await choose(page, /^Group by/, 'Serial number');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page.getByText('Serial is required', { exact: true })).toBeVisible();
  });

  for (const { type, grouping } of CASES) {
    test(`${type} by ${grouping} draws a chart of the demo history`, async ({ page }) => {
      await choose(page, /^Type/, type);
      await choose(page, /^Group by/, grouping);
      if (grouping !== 'Organization') {
        await page.getByRole('combobox', { name: grouping === 'Group' ? /^Group(?! by)/ : /^Batteries/ }).click();
        await page.getByRole('option').first().click();
        await page.keyboard.press('Escape');
      }
      await choose(page, /^Time type/, 'Week');
      await chooseRange(page, /^Time range/, 'Last month');
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      const table = page.getByRole('table', { name: 'Figures of the chart' });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      // A bar of 0 has no height and is hidden: any drawn bar shows the chart (the first week may start with a 0).
      await expect(
        page.getByTestId('statistics-chart').locator('.recharts-bar-rectangle').filter({ visible: true }).first(),
      ).toBeVisible();
    });
  }

  test('the start-SoC box plot is off at first and remembered', async ({ page }) => {
    await choose(page, /^Type/, 'Start SoC');
    await choose(page, /^Group by/, 'Organization');
    await choose(page, /^Time type/, 'Week');
    await chooseRange(page, /^Time range/, 'Last month');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const toggle = page.getByRole('switch', { name: 'Box plot' });
    await expect(toggle).not.toBeChecked();
    await toggle.check({ force: true });
    await expect(page.getByRole('img', { name: 'Box plot' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('cbm.statistics.boxPlot'))).toBe('true');
  });
});

test.describe('battery statistics in German', () => {
  test.use({ locale: 'de-DE' });

  test('shows German dates and numbers', async ({ page, signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds[SITE]}/stats/statistics` });
    await choose(page, /^Typ/, 'Gesamtenergie');
    await choose(page, /^Gruppierung/, 'Organisation');
    await choose(page, /^Zeittyp/, 'Tag');
    await chooseRange(page, /^Zeitraum/, 'Letzter Monat');
    await page.getByRole('button', { name: 'Anzeigen', exact: true }).click();
    const table = page.getByRole('table', { name: 'Werte des Diagramms' });
    await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
    await expect(
      table
        .getByRole('cell')
        .filter({ hasText: /^\d{1,3}(\.\d{3})*,\d+$/ })
        .first(),
    ).toBeVisible();
  });

  test('counts the batteries without a group as one group, Ohne Gruppe', async ({ page, signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds[SITE]}/stats/statistics` });
    await choose(page, /^Typ/, 'CO2-Äquivalent');
    await choose(page, /^Gruppierung/, 'Gruppe');
    // Beside a named group: a single series is labelled by its figure, several by their group.
    await page.getByRole('combobox', { name: /^Gruppe(?!ierung)/ }).click();
    await page.getByRole('option', { name: 'Warehouse A', exact: true }).click();
    await page.getByRole('option', { name: 'Ohne Gruppe', exact: true }).click();
    await page.keyboard.press('Escape');
    // Over the default period, last month.
    await page.getByRole('button', { name: 'Anzeigen', exact: true }).click();
    const table = page.getByRole('table', { name: 'Werte des Diagramms' });
    await expect(table.getByRole('columnheader', { name: 'Ohne Gruppe', exact: true })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Warehouse A', exact: true })).toBeVisible();
  });
});
