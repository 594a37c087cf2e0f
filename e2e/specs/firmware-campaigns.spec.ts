import { BATTERY_MODELS } from '@cbm/demo-fixtures/battery-models';
import type { Page } from '@playwright/test';
import type { SiteName } from '../support/demo-sites';
import { expect, test } from '../support/fixtures';

const TEXTS = {
  en: {
    page: 'Firmware campaigns',
    version: 'Version',
    types: 'Battery types',
    add: 'Add to library',
    name: 'Name',
    firmware: 'Firmware',
    waves: 'Waves (%)',
    preview: 'Preview',
    previewed: /batteries, \d+ in standby now/,
    start: 'Start campaign',
    running: 'Running',
    sent: /acknowledged|upload pending/,
    pause: 'Pause',
    paused: 'Paused: paused by a user',
    resume: 'Resume',
    perState: 'Batteries per state',
    sites: /^Sites/,
    offExpected: /^Only batteries not on the expected version of /,
    cancel: 'Cancel campaign',
    cancelled: 'Cancelled',
  },
  de: {
    page: 'Firmware-Kampagnen',
    version: 'Version',
    types: 'Batterietypen',
    add: 'Zur Bibliothek hinzufügen',
    name: 'Name',
    firmware: 'Firmware',
    waves: 'Wellen (%)',
    preview: 'Vorschau',
    previewed: /Batterien, \d+ jetzt im Standby/,
    start: 'Kampagne starten',
    running: 'Läuft',
    sent: /bestätigt|Upload ausstehend/,
    pause: 'Anhalten',
    paused: 'Angehalten: von einem Benutzer angehalten',
    resume: 'Fortsetzen',
    perState: 'Batterien je Status',
    sites: /^Standorte/,
    offExpected: /^Nur Batterien, die nicht die erwartete Version von /,
    cancel: 'Kampagne abbrechen',
    cancelled: 'Abgebrochen',
  },
} as const;

type Texts = (typeof TEXTS)[keyof typeof TEXTS];

/** Adds a firmware file for every demo battery type to the library; answers its version. */
async function addRelease(page: Page, texts: Texts) {
  const version = `9.${Date.now() % 100_000}.0`;
  await expect(page.getByRole('heading', { name: texts.page, level: 1 })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: `bms-${version}.bin`,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(`e2e firmware ${version}`),
  });
  await page.getByRole('textbox', { name: texts.version, exact: true }).fill(version);
  await page.getByRole('textbox', { name: texts.types }).fill(BATTERY_MODELS.map((model) => model.type).join(', '));
  await page.getByRole('button', { name: texts.add }).click();
  await expect(page.getByRole('table').getByRole('cell', { name: version, exact: true })).toBeVisible();
  return version;
}

/** Adds a firmware file to the library, starts a campaign over the site's batteries and opens its page. */
async function startCampaign(page: Page, texts: Texts, name: string) {
  const version = await addRelease(page, texts);
  await page.getByRole('textbox', { name: texts.name, exact: true }).fill(name);
  await page.getByRole('combobox', { name: texts.firmware, exact: true }).click();
  await page.getByRole('option', { name: version }).click();
  await page.getByRole('textbox', { name: texts.waves }).fill('50, 50');
  await page.getByRole('button', { name: texts.preview }).click();
  await expect(page.getByRole('status').filter({ hasText: texts.previewed })).toBeVisible();
  await page.getByRole('button', { name: texts.start }).click();
  await expect(page.getByRole('heading', { name: `${name} · ${version}`, level: 1 })).toBeVisible();
}

// Sites no other spec updates firmware at; each language its own, so the campaigns never overlap.
const SITES: Record<keyof typeof TEXTS, SiteName> = { en: 'Stuttgart Hafen', de: 'Göteborg Hamn' };
// Issue 49, task (b): each language rolls out over a whole organisation of its own, and cancels the campaign
// again before the tests above start theirs at Göteborg Hamn.
const ORGANIZATION_SITES: Record<keyof typeof TEXTS, SiteName> = { en: 'Wien Süd', de: 'Birmingham Central' };

for (const language of ['en', 'de'] as const) {
  test.describe(`firmware campaigns off the expected version (${language})`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US' });

    test('admin: start a campaign for every battery off the expected version', async ({ page, signIn, siteIds }) => {
      test.setTimeout(90_000);
      const texts = TEXTS[language];
      const siteId = siteIds[ORGANIZATION_SITES[language]];
      await signIn('admin', { next: `/${siteId}/admin/campaigns` });
      await expect(page.getByRole('heading', { name: texts.page, level: 1 })).toBeVisible();
      const version = await addRelease(page, texts);
      const name = `Off expected ${language} ${Date.now().toString(36)}`;
      await page.getByRole('textbox', { name: texts.name, exact: true }).fill(name);
      await page.getByRole('combobox', { name: texts.firmware, exact: true }).click();
      await page.getByRole('option', { name: version }).click();

      // The Sites field keeps the page's site when clicked, and offers the organisation's sites only.
      const sites = page.getByRole('combobox', { name: texts.sites });
      await sites.click();
      await expect(page.locator('.mantine-MultiSelect-input').getByText(ORGANIZATION_SITES[language])).toBeVisible();
      const offered = await page.getByRole('option').allTextContents();
      const usable = (await (
        await page.request.get(`/api/v2/firmware/campaign-sites?operatingSiteId=${siteId}`)
      ).json()) as { sites: { name: string }[] };
      expect(offered.sort()).toEqual(usable.sites.map((site) => site.name).sort());
      expect(offered).not.toContain('Hamburg Hafen');
      for (const other of offered.filter((site) => site !== ORGANIZATION_SITES[language])) {
        await page.getByRole('option', { name: other, exact: true }).click();
      }
      await page.keyboard.press('Escape');
      await expect(page.getByRole('option')).toHaveCount(0);
      await sites.click();
      await page.keyboard.press('Escape');
      const field = page.locator('.mantine-MultiSelect-input');
      for (const site of offered) await expect(field.getByText(site, { exact: true })).toBeVisible();

      await page.getByRole('checkbox', { name: texts.offExpected }).check();
      await page.getByRole('textbox', { name: texts.waves }).fill('100');
      await page.getByRole('button', { name: texts.preview }).click();
      await expect(page.getByRole('status').filter({ hasText: texts.previewed })).toBeVisible();
      await page.getByRole('button', { name: texts.start }).click();
      await expect(page.getByRole('heading', { name: `${name} · ${version}`, level: 1 })).toBeVisible();
      await expect(page.getByTestId('campaign-status')).toHaveText(texts.running);

      await page.getByRole('button', { name: texts.cancel }).click();
      await page.getByRole('dialog').getByRole('button', { name: texts.cancel }).click();
      await expect(page.getByTestId('campaign-status')).toHaveText(texts.cancelled);
    });
  });
}

for (const language of ['en', 'de'] as const) {
  test.describe(`firmware campaigns (${language})`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US' });

    test('create a campaign, watch its batteries take the jobs, pause and resume', async ({
      page,
      signIn,
      siteIds,
    }) => {
      test.setTimeout(90_000);
      const texts = TEXTS[language];
      await signIn('admin', { next: `/${siteIds[SITES[language]]}/admin/campaigns` });
      await startCampaign(page, texts, `E2E ${language} ${Date.now().toString(36)}`);
      const status = page.getByTestId('campaign-status');
      await expect(status).toHaveText(texts.running);
      // Live: the simulated batteries acknowledge and fetch the image while the page reloads the figures.
      await expect(page.getByRole('table', { name: texts.perState })).toContainText(texts.sent, { timeout: 30_000 });

      await page.getByRole('button', { name: texts.pause }).click();
      await expect(status).toHaveText(texts.paused);
      await page.getByRole('button', { name: texts.resume }).click();
      await expect(status).toHaveText(texts.running);
    });
  });
}
