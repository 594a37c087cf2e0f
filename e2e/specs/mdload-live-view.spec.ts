import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { viewSegment } from '../support/view-switch';

// Assigns a charger and moves a station at Bremen GVZ (unit MDL-0002), which no other spec changes.
test.describe.configure({ mode: 'serial' });

const SITE = 'Bremen GVZ';
const UNIT = 'Charger-station unit Load manager 2';
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test.describe('charger-station live view', () => {
  test.beforeEach(async ({ signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds[SITE]}/mdload/live` });
  });

  test('the demo’s unit appears with its groups and stations and updates live, without reloading', async ({ page }) => {
    let listRequests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v2/mdload/MdLoadLiveView') listRequests++;
    });
    await page.reload();
    const unit = page.getByRole('region', { name: UNIT });
    await expect(unit.getByRole('heading', { name: 'Hall 1' })).toBeVisible();
    await expect(unit.getByRole('heading', { name: 'Hall 2' })).toBeVisible();
    await expect(unit.getByRole('article').first()).toBeVisible();
    const lastData = unit.locator('time');
    await expect(lastData).toBeVisible();
    const first = await lastData.getAttribute('datetime');
    // The simulated unit reports every 10 s; the pushed twin replaces the shown one.
    await expect.poll(() => lastData.getAttribute('datetime'), { timeout: 25_000 }).not.toBe(first);
    expect(listRequests).toBe(1);
  });

  test('grid or list is remembered across a reload', async ({ page }) => {
    await viewSegment(page, 'List view').click();
    await expect(page.getByRole('radio', { name: 'List view' })).toBeChecked();
    await expect(page.getByRole('region', { name: UNIT }).getByRole('table').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'List view' })).toBeChecked();
    await viewSegment(page, 'Grid view').click();
    await expect(page.getByRole('radio', { name: 'Grid view' })).toBeChecked();
  });

  test('a charger assigned and a station moved to another group stay so after a reload', async ({ page }) => {
    const unit = page.getByRole('region', { name: UNIT });
    const station = unit.getByRole('article').filter({ hasText: 'No charger' }).first();
    const name = (await station.getAttribute('aria-label')) as string;
    await page.getByRole('button', { name: `Actions for charging station ${name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Assign charger' }).click();
    const dialog = page.getByRole('dialog', { name: `Assign a charger to ${name}` });
    await dialog.getByRole('combobox', { name: 'Charger' }).click();
    const option = dialog.getByRole('option').nth(1);
    const charger = ((await option.textContent()) ?? '').replace(/ \(.*\)$/, '');
    await option.click();
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(toast(page, `Charger ${charger} has been assigned to ${name}`)).toBeVisible();

    const from = (await unit
      .getByRole('group')
      .filter({ has: page.getByRole('article', { name, exact: true }) })
      .getAttribute('aria-label')) as string;
    const to = from === 'Hall 1' ? 'Hall 2' : 'Hall 1';
    await page.getByRole('button', { name: `Actions for charging station ${name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: to }).click();
    await expect(toast(page, `${name} has been moved to ${to}`)).toBeVisible();

    await page.reload();
    const moved = unit.getByRole('group', { name: to }).getByRole('article', { name, exact: true });
    await expect(moved).toBeVisible();
    await expect(moved).toContainText(charger);
    await expect(unit.getByRole('group', { name: from }).getByRole('article', { name, exact: true })).toHaveCount(0);
  });

  test('the CSV downloads as charger-stations.csv', async ({ page }) => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toBe('charger-stations.csv');
  });
});

test.describe('the charger-station user (live view and statistics)', () => {
  test("sees the live state and last week's consumption, and nothing else", async ({ page, signIn, siteIds }) => {
    const site = siteIds['Hamburg Hafen'];
    await signIn('stations', { next: `/${site}/mdload/live` });
    await expect(page.getByRole('main').getByRole('heading', { name: 'Charger stations: Live View' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Charger-station unit Load manager 1' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Live View' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Alerts' })).toHaveCount(0);
    // Issue 49, task (g): the consumption page is reachable (before: the 403 page).
    await page.goto(`/${site}/mdload/stats/consumption`);
    await expect(page.getByRole('heading', { name: 'Charger stations: Consumption' })).toBeVisible();
    await expect(page).not.toHaveURL(/\/403/);
    for (const path of ['live', 'mdload/events', 'stats/statistics']) {
      await page.goto(`/${site}/${path}`);
      // A page the user may not open says so (decision 087) instead of showing the overview.
      await expect(page).toHaveURL(/\/403\?page=/);
    }
  });
});
