import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Reads the demo history of Hamburg Hafen; changes nothing.
const SITE = 'Hamburg Hafen';

async function exportCsv(
  page: Page,
  texts: {
    values: RegExp;
    all: string;
    resolution: RegExp;
    daily: string;
    time: RegExp;
    lastWeek: string;
    download: string;
  },
) {
  await page.getByRole('combobox', { name: texts.values }).click();
  await page.getByRole('option', { name: texts.all, exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: texts.resolution }).click();
  await page.getByRole('option', { name: texts.daily, exact: true }).click();
  await page.getByRole('button', { name: texts.time }).click();
  await page.getByRole('button', { name: texts.lastWeek, exact: true }).click();
  await page.keyboard.press('Escape');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: texts.download }).click();
  const file = await download;
  const bytes = await readFile((await file.path()) as string);
  return { name: file.suggestedFilename(), text: bytes.toString('utf8') };
}

test.describe('data export', () => {
  test('says which fields are required', async ({ page, signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds[SITE]}/stats/export` });
    await page.getByRole('button', { name: 'Download CSV' }).click();
    for (const message of ['Values is required', 'Resolution is required', 'Time is required']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
  });

  test('downloads the export columns in English', async ({ page, signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds[SITE]}/stats/export` });
    const { name, text } = await exportCsv(page, {
      values: /^Values/,
      all: 'All batteries',
      resolution: /^Resolution/,
      daily: 'Daily',
      time: /^Time(?!s shown)/,
      lastWeek: 'Last week',
      download: 'Download CSV',
    });
    expect(name).toMatch(/^battery-export_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, first] = text.slice(1).split('\r\n');
    expect(header).toBe(
      'Battery serial,Battery name,Name or serial,Time period,Total operating hours (h),Charged (kWh),Discharged (kWh),CO2 equivalent (kg)',
    );
    expect(first).toMatch(/^[^,]+,.*,\d{2}-\d{2}-\d{4},\d+\.\d{2},\d+\.\d{3},\d+\.\d{3},\d+\.\d{3}$/);
  });
});

test.describe('data export in German', () => {
  test.use({ locale: 'de-DE' });

  test('says which fields are required and downloads German headers with ; and decimal commas', async ({
    page,
    signIn,
    siteIds,
  }) => {
    await signIn('admin', { next: `/${siteIds[SITE]}/stats/export` });
    await page.getByRole('button', { name: 'CSV herunterladen' }).click();
    for (const message of ['Werte ist erforderlich', 'Auflösung ist erforderlich', 'Zeit ist erforderlich']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    const { text } = await exportCsv(page, {
      values: /^Werte/,
      all: 'Alle Batterien',
      resolution: /^Auflösung/,
      daily: 'Täglich',
      time: /^Zeit(?!zone|en )/,
      lastWeek: 'Letzte Woche',
      download: 'CSV herunterladen',
    });
    const [header, first] = text.slice(1).split('\r\n');
    expect(header).toBe(
      'Batterie-Seriennummer;Batteriename;Name oder Seriennummer;Zeitraum;Betriebsstunden gesamt (h);Geladen (kWh);Entladen (kWh);CO2-Äquivalent (kg)',
    );
    expect(first).toMatch(/;\d{2}\.\d{2}\.\d{4};\d+,\d{2};\d+,\d{3};\d+,\d{3};\d+,\d{3}$/);
  });
});
