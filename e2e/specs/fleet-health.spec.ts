import type { Page } from '@playwright/test';
import { blockingViolations, describeViolations } from '../support/axe';
import { NORDLICHT_SITES } from '../support/demo-sites';
import { publishBatteryEvent, publishBatteryStatus } from '../support/device-publisher';
import { expect, test } from '../support/fixtures';

// Drives one battery of München Riem into error and clears it again; clears the site's other current errors first,
// so that its marker is not red before. Decision 039.
const SITE = 'München Riem';

interface LiveBattery {
  batteryName: string;
  batterySerialNumber: string;
  currentErrorCode: string | null;
  status: string;
  lastDataTimestamp: string | null;
}

const TEXTS = {
  en: {
    sites: 'Operating sites',
    map: 'Map of operating sites',
    attention: 'Needs attention',
    error: 'Error',
    chips: { error: 'Error now', offline: 'Offline', lowSoc: 'Low SoC', service: 'Service due' },
    batteries: /^(\d+) batter/,
    silent: 'silent',
    search: 'Search battery name or serial',
  },
  de: {
    sites: 'Betriebsstätten',
    map: 'Karte der Betriebsstätten',
    attention: 'Braucht Aufmerksamkeit',
    error: 'Fehler',
    chips: { error: 'Fehler jetzt', offline: 'Offline', lowSoc: 'Niedriger SoC', service: 'Wartung fällig' },
    batteries: /^(\d+) Batterie/,
    silent: 'keine Daten',
    search: 'Batteriename oder Seriennummer suchen',
  },
};
type Texts = (typeof TEXTS)['en'];
const FIGURES = ['error', 'offline', 'lowSoc', 'service'] as const;

const siteRow = (page: Page, texts: Texts, name: string) =>
  page
    .getByRole('table', { name: texts.sites })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: new RegExp(`^${name} `) }) });

async function liveBatteries(page: Page, siteId: number): Promise<LiveBattery[]> {
  const response = await page.request.get(`/api/v2/battery/BatteryLiveView?operatingSiteId=${siteId}`);
  return ((await response.json()) as { batteries: LiveBattery[] }).batteries;
}

/** The overview's figures of the site, then the live view's chip counts: equal once both read the same state. */
async function expectSameCounts(page: Page, texts: Texts, name: string, siteId: number) {
  await expect(async () => {
    await page.goto('/');
    const row = siteRow(page, texts, name);
    await expect(row.locator('[data-figure="batteries"]')).toHaveText(/^\d+$/);
    const overview = [...FIGURES, 'batteries'].map((key) => row.locator(`[data-figure="${key}"]`).textContent());
    const expected = (await Promise.all(overview)).map(Number);
    await page.goto(`/${siteId}/live`);
    // The site's count beside the search, not a group's in its header (a button).
    const count = page.locator('p:not(button p)').filter({ hasText: texts.batteries });
    await expect(count).toBeVisible();
    const chips = FIGURES.map((key) => page.getByText(new RegExp(`^${texts.chips[key]} \\((\\d+)\\)$`)).textContent());
    const live = (await Promise.all([...chips, count.textContent()])).map((text) =>
      Number(/(\d+)/.exec(text ?? '')?.[1]),
    );
    expect(live).toEqual(expected);
  }).toPass({ timeout: 45_000 });
}

/** Clears the site's current errors as their devices would, until none is left (several may be active at once). */
async function clearErrors(page: Page, siteId: number) {
  await expect
    .poll(
      async () => {
        const inError = (await liveBatteries(page, siteId)).filter((battery) => battery.currentErrorCode);
        for (const battery of inError) {
          const code = battery.currentErrorCode as string;
          await publishBatteryEvent(battery.batterySerialNumber, {
            type: 'error',
            code,
            description: '',
            active: false,
          });
        }
        return inError.length;
      },
      { timeout: 30_000 },
    )
    .toBe(0);
}

for (const language of ['en', 'de'] as const) {
  test.describe(`fleet health (${language})`, () => {
    // axe-core is injected as a script; the app's Content-Security-Policy would refuse it.
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US', bypassCSP: true });
    const texts = TEXTS[language];

    test("the overview's counts match the live view of each of the operator's sites", async ({
      page,
      signIn,
      siteIds,
    }) => {
      test.setTimeout(120_000);
      await signIn('operator');
      for (const name of Object.keys(NORDLICHT_SITES) as (keyof typeof siteIds)[]) {
        await expectSameCounts(page, texts, name, siteIds[name]);
      }
      // The last site's live view with a chip chosen, then the overview with its figures: no serious violation.
      const offline = new RegExp(`^${texts.chips.offline} \\(`);
      await page.getByText(offline).click();
      await expect(page.getByRole('checkbox', { name: offline })).toBeChecked();
      const inLiveView = await blockingViolations(page);
      expect.soft(inLiveView, describeViolations(inLiveView)).toEqual([]);
      await page.goto('/');
      await expect(page.getByRole('table', { name: texts.attention })).toBeVisible();
      const inOverview = await blockingViolations(page);
      expect.soft(inOverview, describeViolations(inOverview)).toEqual([]);
    });

    // Decision 110: connected again but sending nothing, a battery whose last data is hours old is silent. The
    // demo's switched-off batteries (offline, last data 2–72 h ago) serve; each language takes its own battery.
    test('a battery connected but without data is silent in the live view, offline in the overview and needs attention', async ({
      page,
      signIn,
      siteIds,
    }) => {
      test.setTimeout(120_000);
      await signIn('operator');
      const offlineLong = async (name: keyof typeof siteIds) =>
        (await liveBatteries(page, siteIds[name])).flatMap((battery) =>
          battery.status === 'offline' && Date.parse(battery.lastDataTimestamp ?? '') < Date.now() - 3_600_000
            ? [{ name, battery }]
            : [],
        );
      const names = Object.keys(NORDLICHT_SITES) as (keyof typeof siteIds)[];
      const candidates = (await Promise.all(names.map(offlineLong))).flat();
      const picked = language === 'en' ? candidates[0] : candidates.at(-1);
      test.skip(!picked || candidates.length < 2, "The operator's sites have too few batteries offline for an hour");
      const { name, battery: quiet } = picked as (typeof candidates)[number];
      const siteId = siteIds[name];
      const serial = quiet.batterySerialNumber;
      await publishBatteryStatus(serial, true, new Date());
      try {
        await expect
          .poll(async () => (await liveBatteries(page, siteId)).find((b) => b.batterySerialNumber === serial)?.status)
          .toBe('silent');
        await page.goto(`/${siteId}/live`);
        await page.getByRole('combobox', { name: texts.search }).fill(serial);
        const card = page.getByRole('article').filter({ hasText: serial });
        await expect(card).toHaveAttribute('data-disconnected', 'true');
        await expect(card).toContainText(texts.silent);
        await page.goto('/');
        const attention = page.getByRole('table', { name: texts.attention });
        await expect(attention.getByRole('row').filter({ hasText: serial })).toBeVisible();
        await expectSameCounts(page, texts, name, siteId);
      } finally {
        await publishBatteryStatus(serial, false, new Date());
      }
    });
  });
}

test.describe('fleet health: a battery in error', () => {
  // The operator sees München Riem as a marker of its own (the admin's map clusters it with other sites); a row
  // leads to the battery's page (cbm_liveview, decision 041).
  test('turns its site marker red and is listed as needing attention, one click from the battery', async ({
    page,
    signIn,
    siteIds,
  }) => {
    test.setTimeout(90_000);
    const siteId = siteIds[SITE];
    await signIn('operator');
    await clearErrors(page, siteId);
    const map = page.getByRole('region', { name: TEXTS.en.map });
    const marker = map.getByRole('button', { name: `${SITE}: Error`, exact: true });
    await page.reload();
    await expect(map.getByRole('button', { name: new RegExp(`^${SITE}`) })).toBeVisible();
    await expect(marker).toHaveCount(0);

    const battery = (await liveBatteries(page, siteId))[0] as LiveBattery;
    const code = 'E101';
    await publishBatteryEvent(battery.batterySerialNumber, { type: 'error', code, description: 'Cell overvoltage' });
    try {
      // The overview follows the site's live stream: no reload.
      await expect(marker).toBeVisible({ timeout: 20_000 });
      const attention = page.getByRole('table', { name: TEXTS.en.attention });
      const row = attention.getByRole('row').filter({ hasText: battery.batterySerialNumber });
      await expect(row).toContainText(`Error ${code}`);
      await expect(row).toContainText(SITE);
      await row.getByRole('link', { name: battery.batteryName }).click();
      await expect(page).toHaveURL(`/${siteId}/batteries/${encodeURIComponent(battery.batterySerialNumber)}`);
    } finally {
      await publishBatteryEvent(battery.batterySerialNumber, { type: 'error', code, description: '', active: false });
    }
  });
});
