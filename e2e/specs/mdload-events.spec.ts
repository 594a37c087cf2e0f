import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Hamburg Hafen has a charger-station unit; the filter saved here is deleted again at the end.
const SITE = 'Hamburg Hafen';
const FILTER = '00 E2E station warnings';

const header = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Events' }).getByRole('columnheader', { name, exact: true });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('filters and saves an events filter on the charger-station events page', async ({ page, signIn, siteIds }) => {
  await signIn('admin', { next: `/${siteIds[SITE]}/mdload/events` });
  await expect(page.getByRole('heading', { name: 'Charger stations: Events' })).toBeVisible();
  await expect(header(page, 'Charger-station serial')).toBeVisible();
  await expect(header(page, 'Timestamp')).toHaveAttribute('aria-sort', 'descending');

  await page.getByRole('button', { name: 'Time range' }).click();
  await page.getByRole('button', { name: 'Last week', exact: true }).click();
  await page.getByRole('combobox', { name: 'Add filter', exact: true }).click();
  await page.getByRole('option', { name: 'Event type', exact: true }).click();
  await page.getByRole('combobox', { name: 'Event type is one of', exact: true }).click();
  await page.getByRole('option', { name: 'Warning', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByText(/^\d+ events?$|No data was found with the selected settings\./).first()).toBeVisible();

  await page.getByRole('button', { name: 'Save filter' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(FILTER);
  await page.getByRole('dialog').getByRole('button', { name: 'Save filter' }).click();
  await expect(toast(page, 'Filter saved')).toBeVisible();

  await page.reload();
  await page.getByRole('combobox', { name: 'Saved filters', exact: true }).click();
  await page.getByRole('option', { name: FILTER }).click();
  await expect(page.getByRole('combobox', { name: 'Event type is one of', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete filter' }).click();
  await page.getByRole('dialog', { name: 'Delete filter' }).getByRole('button', { name: 'Delete filter' }).click();
  await expect(toast(page, 'Filter deleted')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Event type is one of', exact: true })).toHaveCount(0);
});
