import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const SITE = 'Bremen GVZ';
const COLUMNS =
  'serialNumber,timestamp,state,soc,soh,stackVoltage,current,minCellVoltage,maxCellVoltage,minCellTemperature,' +
  'maxCellTemperature,boardTemperature,chargerSerial,totalEnergyChargedKwh,totalEnergyDischargedKwh,' +
  'totalChargingHours,totalDischargingHours,totalStandbyHours';

const run = promisify(execFile);

/** The text of a PDF as poppler's pdftotext lays it out (poppler-utils). */
async function pdfText(path: string): Promise<string> {
  return (await run('pdftotext', ['-layout', path, '-'])).stdout;
}

/** Charged and discharged kWh of a datalog, counted independently: counter increases, resets add nothing. */
function energyOf(csv: string, samples = Number.POSITIVE_INFINITY) {
  const rows = csv
    .trim()
    .split(/\r?\n/)
    .slice(1, samples + 1)
    .map((line) => line.split(','));
  let charged = 0;
  let discharged = 0;
  for (let n = 1; n < rows.length; n++) {
    const delta = (column: number) =>
      Math.max(0, Math.round(Number(rows[n]?.[column]) * 1e6) - Math.round(Number(rows[n - 1]?.[column]) * 1e6));
    charged += delta(13);
    discharged += delta(14);
  }
  return { charged: charged / 1e6, discharged: discharged / 1e6, samples: rows.length };
}

const kwh = (value: number, locale: string) =>
  `${value.toLocaleString(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 })} kWh`;
/**
 * The figure pages' lines: without blank lines, footers (page counts), the creation and source lines, and the events page
 * that only a report of stored data has (an uploaded datalog carries no events).
 */
const figureLines = (text: string) => {
  const lines = text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim());
  const events = lines.findIndex((line) => line.startsWith('Events (times in'));
  return lines
    .slice(0, events < 0 ? undefined : events)
    .filter((line) => line !== '' && !/Created on|Data source|Erstellt am|Datenquelle|Page \d+ of \d+/.test(line));
};

/** A battery of the site that has stored samples (the demo simulator sends one a minute). */
async function batteryWithData(request: APIRequestContext, siteId: number): Promise<string> {
  const batteries = (await (
    await request.get(`/api/v2/battery/Report/filter/batteries?operatingSiteId=${siteId}`)
  ).json()) as { batterySerialNumber: string }[];
  let found = '';
  await expect
    .poll(
      async () => {
        for (const { batterySerialNumber } of batteries.slice(0, 5)) {
          const defaults = await request.get(
            `/api/v2/battery/Report/${batterySerialNumber}/defaults?operatingSiteId=${siteId}`,
          );
          if ((await defaults.json()).timestampMin !== null) found = batterySerialNumber;
          if (found) return found;
        }
        return found;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  return found;
}

async function createReport(page: Page): Promise<Download> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Create report|Bericht erstellen/ }).click();
  return download;
}

test.describe('battery reports', () => {
  test.beforeEach(async ({ signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds[SITE]}/report` });
  });

  test('select and settings forms show the validation messages', async ({ page, siteIds }) => {
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Serial or CSV file required')).toBeVisible();

    const serial = await batteryWithData(page.request, siteIds[SITE]);
    await page.getByRole('combobox', { name: 'Battery serial number' }).fill(serial);
    await expect(page.getByText('Serial or CSV file required')).toBeHidden();
    await page.getByRole('button', { name: 'Continue' }).click();
    const price = page.getByRole('textbox', { name: 'Price per kWh' });
    for (const [typed, message] of [
      ['', 'This value is required'],
      ['cheap', 'Value must be a number (e.g.: 0.1234)'],
      ['-1', 'Value must be above 0'],
      ['2000000', 'Value must be below 1000000'],
    ]) {
      await price.fill(typed as string);
      await page.getByRole('button', { name: 'Create report' }).click();
      await expect(page.getByText(message as string, { exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Start over' }).click();
    await expect(page.getByRole('combobox', { name: 'Battery serial number' })).toHaveValue('');
  });

  test('a PDF report has the figures of the roll-ups; its datalog comes back as a PDF of its samples', async ({
    page,
    siteIds,
  }) => {
    const siteId = siteIds[SITE];
    const serial = await batteryWithData(page.request, siteId);
    await page.getByRole('combobox', { name: 'Battery serial number' }).fill(serial);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('textbox', { name: 'Vehicle' })).not.toHaveValue('');

    const pdf = await createReport(page);
    expect(pdf.suggestedFilename()).toMatch(
      new RegExp(`^report-${serial}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
    );
    const text = await pdfText(await pdf.path());
    expect(text).toContain(`Battery report ${serial}`);
    // Figures come from the roll-ups statistics read (decision 026; compared exactly in cross-view.api.test.ts).
    expect(text).toMatch(/Data source\s+stored roll-ups \(\d+ raw samples\)/);
    expect(text).toMatch(/Energy charged\s+[\d,]+\.\d{3} kWh/);
    await expect(page.getByText(`Your report ${pdf.suggestedFilename()} is ready.`)).toBeVisible();

    await page.getByText('CSV datalog', { exact: true }).click();
    const csv = await createReport(page);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const csvPath = await csv.path();
    await page.getByRole('button', { name: 'Start over' }).click();
    await page.locator('input[type=file]').setInputFiles({
      name: csv.suggestedFilename(),
      mimeType: 'text/csv',
      buffer: await readFile(csvPath),
    });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: `Report from ${csv.suggestedFilename()}` })).toBeVisible();
    const fromCsv = await pdfText(await (await createReport(page)).path());
    const own = energyOf(await readFile(csvPath, 'utf8'));
    expect(fromCsv).toMatch(new RegExp(`Energy charged\\s+${kwh(own.charged, 'en-US')}`));
    // The data-source line wraps where the file name is long.
    expect(fromCsv.replace(/\s+/g, ' ')).toContain(`(${own.samples} samples)`);
  });

  test('serial and uploaded datalog give the same figures for a closed period', async ({ page, siteIds }) => {
    test.setTimeout(300_000);
    const siteId = siteIds[SITE];
    const serial = await batteryWithData(page.request, siteId);
    // The closed period needs samples: wait until the battery has reported for a few minutes.
    let defaults = { timestampMin: 0 };
    await expect
      .poll(
        async () => {
          const url = `/api/v2/battery/Report/${serial}/defaults?operatingSiteId=${siteId}`;
          defaults = await (await page.request.get(url)).json();
          return Date.now() / 1000 - 90 - defaults.timestampMin;
        },
        { timeout: 240_000 },
      )
      .toBeGreaterThan(120);
    const query = new URLSearchParams({
      operatingSiteId: String(siteId),
      vehicleId: 'E2E',
      userName: 'E2E',
      chargerName: '',
      language: 'en_US',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
      pricePerKwh: '0.3',
      timestampMin: String(defaults.timestampMin),
      // Ends in the past, so samples arriving meanwhile change neither file.
      timestampMax: String(Math.floor(Date.now() / 1000) - 90),
    });
    const direct = await page.request.get(`/api/v2/battery/Report/${serial}/pdf?${query}`);
    const datalog = await (await page.request.get(`/api/v2/battery/Report/${serial}/csv?${query}`)).body();
    const { operatingSiteId, ...fields } = Object.fromEntries(query);
    const fromCsv = await page.request.post(`/api/v2/battery/Report/pdfFromCsv?operatingSiteId=${operatingSiteId}`, {
      multipart: { ...fields, cSVFile: { name: 'datalog.csv', mimeType: 'text/csv', buffer: datalog } },
    });
    expect(fromCsv.status()).toBe(200);
    const write = async (body: Buffer, name: string) => {
      const path = test.info().outputPath(name);
      await writeFile(path, body);
      return pdfText(path);
    };
    expect(figureLines(await write(await fromCsv.body(), 'from-csv.pdf'))).toEqual(
      figureLines(await write(await direct.body(), 'direct.pdf')),
    );
  });

  test('a broken datalog is refused with the line named', async ({ page }) => {
    await page.locator('input[type=file]').setInputFiles({
      name: 'broken.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${COLUMNS}\r\nB-1,2026-11-20T10:00:00.000Z,charging,4x2\r\n`),
    });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Create report' }).click();
    await expect(page.getByText(/Line 2: expected 18 values/)).toBeVisible();
  });
});

test.describe('battery reports in German', () => {
  test.use({ locale: 'de-DE' });

  test('the messages appear in German', async ({ page, signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds[SITE]}/report` });
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByText('Seriennummer oder CSV-Datei erforderlich')).toBeVisible();
    const serial = await batteryWithData(page.request, siteIds[SITE]);
    await page.getByRole('combobox', { name: 'Seriennummer der Batterie' }).fill(serial);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('textbox', { name: 'Preis pro kWh' }).fill('abc');
    await page.getByRole('button', { name: 'Bericht erstellen' }).click();
    await expect(page.getByText('Der Wert muss eine Zahl sein (z. B.: 0,1234)')).toBeVisible();
    await page.getByRole('textbox', { name: 'Preis pro kWh' }).fill('0,25');
    const text = await pdfText(await (await createReport(page)).path());
    expect(text).toContain(`Batteriebericht ${serial}`);
    expect(text).toMatch(/Zeitraum\s+\d{2}\.\d{2}\.\d{4} 00:00 – \d{2}\.\d{2}\.\d{4} 00:00/);
    expect(text).toMatch(/Geladene Energie\s+[\d.]+,\d{3} kWh/);
  });
});
