import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Hamburg Hafen's battery 2000030 ("Stapler 30") is the demo's workshop-bench battery: the simulator keeps
// it in standby and walks a firmware update through in seconds (docs/decisions/010-update-jobs.md).
const SITE = 'Hamburg Hafen';
const BENCH = { serial: '2000030', name: 'Stapler 30' };

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const rows = (page: Page) => page.getByRole('table', { name: 'Battery List' }).locator('tbody tr[data-serial]');

test.describe('expert battery list', () => {
  test.beforeEach(async ({ signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds[SITE]}/expert/battery_list` });
  });

  test('sorts by a column both ways', async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Battery List' })).toBeVisible();
    await expect(page.getByText('30 batteries')).toBeVisible();
    const serial = page.getByRole('button', { name: 'Sort by Serial' });
    await serial.click();
    await expect(page.getByRole('columnheader', { name: 'Sort by Serial' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows(page).first()).toHaveAttribute('data-serial', '2000001');
    await serial.click();
    await expect(page.getByRole('columnheader', { name: 'Sort by Serial' })).toHaveAttribute('aria-sort', 'descending');
    await expect(rows(page).first()).toHaveAttribute('data-serial', BENCH.serial);
  });

  test('expands a battery, copies its serial and enables remote debugging', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: `Show details of ${BENCH.name}` }).click();
    const details = page.getByRole('region', { name: BENCH.serial });
    await expect(details.getByText('Lithium 80 V 930 Ah')).toBeVisible();
    await expect(details.getByRole('link', { name: 'Profile Analysis' })).toHaveAttribute(
      'href',
      new RegExp(`/expert/profile/${BENCH.serial}$`),
    );
    await details.getByRole('button', { name: 'Copy serial' }).click();
    await expect(toast(page, 'Serial has been copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(BENCH.serial);

    await details.getByRole('button', { name: 'Enable remote debugging' }).click();
    await expect(
      details.getByText(/Remote debugging \(SSH\) enabled until \d{2}-\d{2}-\d{4} \d{2}:\d{2}/),
    ).toBeVisible();
  });

  test('a software update walks through its states on the simulated battery', async ({ page }) => {
    test.setTimeout(120_000);
    await page.getByRole('button', { name: `Show details of ${BENCH.name}` }).click();
    await page.getByRole('region', { name: BENCH.serial }).getByRole('button', { name: 'Software update' }).click();
    const dialog = page.getByRole('dialog', { name: `Software update of ${BENCH.name} (${BENCH.serial})` });
    await expect(dialog.getByText('installs only while the battery is in standby')).toBeVisible();
    await expect(dialog.getByText('discharged once and then put into standby again')).toBeVisible();
    await expect(dialog.getByText(/^State now: /)).toBeVisible();

    const upload = async (name: string) => {
      await dialog.locator('input[type="file"]').setInputFiles({
        name,
        mimeType: 'application/octet-stream',
        buffer: Buffer.from(`e2e image ${name} ${Date.now()}`),
      });
      await dialog.getByRole('button', { name: 'Start update' }).click();
      const confirm = page.getByRole('dialog', { name: 'Send the update?' });
      await expect(confirm.getByText(`Send “${name}” to ${BENCH.name} (${BENCH.serial})?`)).toBeVisible();
      await confirm.getByRole('button', { name: 'Send update' }).click();
      await expect(confirm).toBeHidden();
    };
    await upload('bms-5.12.3.bin');
    await expect(toast(page, `Battery ${BENCH.name} is already up to date`)).toBeVisible();

    await upload('bms-9.9.1.bin');
    await expect(toast(page, `The update of ${BENCH.name} has been sent to the battery`)).toBeVisible();
    const jobs = dialog.getByRole('table', { name: 'Update jobs' });
    const status = jobs.locator('tbody tr').first().locator('td').nth(2);
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const text = (await status.textContent()) ?? '';
          seen.add(text);
          return text;
        },
        { timeout: 90_000, intervals: [200] },
      )
      .toBe('successfully finished');
    expect(seen.size).toBeGreaterThanOrEqual(3);
    const finished = jobs.locator('tbody tr').first().locator('td');
    await expect(finished.nth(5)).toHaveText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    await expect(finished.nth(6)).toHaveText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
  });
});
