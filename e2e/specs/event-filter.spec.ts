import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Bremen GVZ's demo history has low-SoC warnings (W201, whenever a battery runs below 20 %), high-temperature
// warnings (W105) and errors; no other spec looks at its events.
// The tests share the admin's saved filters, so they run one after the other.
test.describe.configure({ mode: 'serial' });

const SITE = 'Bremen GVZ';
const FILTER = '00 E2E high temperature warnings';

const table = (page: Page) => page.getByRole('table', { name: 'Events' });
const rows = (page: Page) => table(page).locator('tbody tr');
const header = (page: Page, name: string) => table(page).getByRole('columnheader', { name, exact: true });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** The texts of one column, found by its header. */
async function column(page: Page, name: string): Promise<string[]> {
  const headers = await table(page).getByRole('columnheader').allTextContents();
  const index = headers.indexOf(name);
  expect(index, `column ${name} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return rows(page)
    .locator(`td:nth-child(${index + 1})`)
    .allTextContents();
}

async function addFilter(page: Page, attribute: string) {
  await page.getByRole('combobox', { name: 'Add filter', exact: true }).click();
  await page.getByRole('option', { name: attribute, exact: true }).click();
}

async function chooseQuickRange(page: Page, name: string) {
  await page.getByRole('button', { name: 'Time range' }).click();
  await page.getByRole('button', { name, exact: true }).click();
}

async function filterLowSocWarnings(page: Page) {
  await chooseQuickRange(page, 'Last month');
  await addFilter(page, 'Event type');
  await page.getByRole('combobox', { name: 'Event type is one of', exact: true }).click();
  await page.getByRole('option', { name: 'Warning', exact: true }).click();
  await page.keyboard.press('Escape');
  await addFilter(page, 'Error code');
  await page.getByRole('textbox', { name: 'Error code contains' }).fill('w201');
  await expect.poll(async () => new Set(await column(page, 'Error code'))).toEqual(new Set(['W201']));
}

test.describe('battery event filter view', () => {
  test.beforeEach(async ({ page, signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds[SITE]}/expert/filter` });
    await expect(rows(page)).not.toHaveCount(0);
  });

  test('filters by two attributes and a quick range, pages and sorts', async ({ page }) => {
    await filterLowSocWarnings(page);
    expect(new Set(await column(page, 'Event type'))).toEqual(new Set(['Warning']));
    await expect(rows(page)).toHaveCount(20);
    await expect(header(page, 'Timestamp')).toHaveAttribute('aria-sort', 'descending');

    const firstPage = await column(page, 'Timestamp');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => column(page, 'Timestamp')).not.toEqual(firstPage);
    await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');

    await header(page, 'Battery serial number').getByRole('button').click();
    await expect(header(page, 'Battery serial number')).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect
      .poll(async () => {
        const serials = await column(page, 'Battery serial number');
        return serials.length > 0 && serials.join() === [...serials].sort().reverse().join();
      })
      .toBe(true);
    await header(page, 'Battery serial number').getByRole('button').click();
    await expect(header(page, 'Battery serial number')).toHaveAttribute('aria-sort', 'ascending');
  });

  test('saves, loads and deletes a filter; deleting the active one resets the columns', async ({ page }) => {
    // Save, reload, load and a confirmed delete: more round trips than the default 30 s allow on a loaded runner.
    test.setTimeout(60_000);
    await filterLowSocWarnings(page);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Error category' }).uncheck();
    await page.getByRole('checkbox', { name: 'Display ID' }).check();
    await page.keyboard.press('Escape');
    await expect(header(page, 'Display ID')).toBeVisible();

    await page.getByRole('button', { name: 'Save filter' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(FILTER);
    await page.getByRole('dialog').getByRole('button', { name: 'Save filter' }).click();
    await expect(toast(page, 'Filter saved')).toBeVisible();

    await page.reload();
    await expect(header(page, 'Error category')).toBeVisible();
    await page.getByRole('combobox', { name: 'Saved filters', exact: true }).click();
    await page.getByRole('option', { name: FILTER }).click();
    await expect(header(page, 'Display ID')).toBeVisible();
    await expect(header(page, 'Error category')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Error code contains' })).toHaveValue('w201');

    await page.getByRole('button', { name: 'Delete filter' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete filter' });
    await expect(confirm).toContainText(FILTER);
    await expect(header(page, 'Display ID')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete filter' }).click();
    await expect(toast(page, 'Filter deleted')).toBeVisible();
    await expect(header(page, 'Error category')).toBeVisible();
    await expect(header(page, 'Display ID')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Error code contains' })).toHaveCount(0);
  });

  test('opens from a serial with that battery’s events only', async ({ page, siteIds }) => {
    const [serial] = await column(page, 'Battery serial number');
    await page.goto(`/${siteIds[SITE]}/expert/filter/${serial}`);
    await expect(page.getByRole('textbox', { name: 'Battery serial number contains' })).toHaveValue(serial as string);
    await expect.poll(async () => new Set(await column(page, 'Battery serial number'))).toEqual(new Set([serial]));
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('says when nothing matches', async ({ page, signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds[SITE]}/expert/filter` });
    await page.getByRole('combobox', { name: 'Filter hinzufügen', exact: true }).click();
    await page.getByRole('option', { name: 'Fehlercode', exact: true }).click();
    await page.getByRole('textbox', { name: 'Fehlercode enthält' }).fill('kein-solcher-code');
    await expect(page.getByText('Mit den gewählten Einstellungen wurden keine Daten gefunden.')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Zeitstempel' })).toHaveAttribute('aria-sort', 'descending');
  });
});
