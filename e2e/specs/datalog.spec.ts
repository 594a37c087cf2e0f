import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Requests datalogs at Linz Hafen, which no other spec looks at; the simulated batteries upload real zips.
const SITE = 'Linz Hafen';
const UPLOAD_TIMEOUT = 30_000;

const EN = {
  battery: 'Battery',
  request: 'Request datalog',
  requested: 'Datalog requested',
  download: /^Download the datalog of/,
  uploaded: 'Uploaded',
};
const DE = {
  battery: 'Batterie',
  request: 'Datalog anfordern',
  requested: 'Datalog angefordert',
  download: /^Datalog von .* herunterladen$/,
  uploaded: 'Hochgeladen',
};

interface DatalogBattery {
  batterySerialNumber: string;
  batteryName: string;
}

async function batteriesOf(page: Page, siteId: number): Promise<DatalogBattery[]> {
  const response = await page.request.get(`/api/v2/battery/Datalog/filters/batteries?operatingSiteId=${siteId}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as DatalogBattery[];
}

/** Requests a datalog of the battery, waits until the simulated device has uploaded it, downloads the zip. */
async function requestAndDownload(page: Page, battery: DatalogBattery, texts: typeof EN) {
  const label = `${battery.batteryName} (${battery.batterySerialNumber})`;
  await page.getByRole('combobox', { name: texts.battery }).fill(battery.batterySerialNumber);
  await page.getByRole('option', { name: label }).click();
  await page.getByRole('button', { name: texts.request }).click();
  await expect(page.getByRole('status').filter({ hasText: texts.requested })).toBeVisible();

  const row = page
    .getByRole('table', { name: 'Datalogs' })
    .getByRole('row')
    .filter({ hasText: battery.batterySerialNumber });
  const download = row.first().getByRole('button', { name: texts.download });
  await expect(download).toBeVisible({ timeout: UPLOAD_TIMEOUT });
  await expect(row.first().getByText(texts.uploaded, { exact: true })).toBeVisible();

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^datalog-${battery.batterySerialNumber}-\\d+\\.zip$`));
  const bytes = await readFile((await file.path()) as string);
  // A zip starts with a local file header: "PK\x03\x04".
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
}

test.describe('datalog', () => {
  test('a datalog is requested from a battery, uploaded by the device and downloaded as a zip', async ({
    page,
    signIn,
    siteIds,
  }) => {
    await signIn('admin', { next: `/${siteIds[SITE]}/expert/datalog` });
    await expect(page.getByRole('heading', { name: 'Datalog' })).toBeVisible();
    await expect(page).toHaveTitle('Datalog - CBM');
    const [battery] = await batteriesOf(page, siteIds[SITE]);
    await requestAndDownload(page, battery as DatalogBattery, EN);
    await expect(page.getByText(/^Available until$/)).toBeVisible();
  });

  test.describe('in German', () => {
    test.use({ locale: 'de-DE' });

    test('ein Datalog wird angefordert, hochgeladen und als ZIP heruntergeladen', async ({ page, signIn, siteIds }) => {
      await signIn('admin', { next: `/${siteIds[SITE]}/expert/datalog` });
      await expect(page.getByRole('heading', { name: 'Datalog' })).toBeVisible();
      const [, battery] = await batteriesOf(page, siteIds[SITE]);
      await requestAndDownload(page, battery as DatalogBattery, DE);
      await expect(page.getByText('Verfügbar bis')).toBeVisible();
    });
  });
});
