import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Creates, edits and deletes its own charger-station alert at Stuttgart Hafen (unit MDL-0004).
test.describe.configure({ mode: 'serial' });

const SITE = 'Stuttgart Hafen';
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const field = (page: Page, name: RegExp) =>
  page.getByRole('textbox', { name }).or(page.getByRole('combobox', { name }));

test('charger-station alerts: add, edit and delete', async ({ page, signIn, siteIds }) => {
  await signIn('admin', { next: `/${siteIds[SITE]}/mdload/alerts` });
  await expect(page.getByRole('heading', { name: 'Charger-station alerts', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add alert' });
  await expect(field(page, /^Groups/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required', { exact: true })).toBeVisible();

  await dialog.getByText('Charger-station units', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('One or more charger-station units are required', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/Battery serials/)).toHaveCount(0);

  await field(page, /^Name/).fill('E2E units');
  await field(page, /^Charger-station units/).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await field(page, /^E-mail addresses/).fill('stations@example.com');
  await field(page, /^E-mail addresses/).press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Alert added')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'E2E units', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Edit alert E2E units' }).click();
  await field(page, /^Name/).fill('E2E units renamed');
  await page.getByRole('dialog', { name: 'Edit alert' }).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Alert updated')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'E2E units renamed', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete alert E2E units renamed' }).click();
  await page.getByRole('dialog', { name: 'Delete alert' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Alert deleted')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'E2E units renamed', exact: true })).toHaveCount(0);
});
