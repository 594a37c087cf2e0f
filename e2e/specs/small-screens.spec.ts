import type { Page } from '@playwright/test';
import { publishBatteryEvent } from '../support/device-publisher';
import { expect, test } from '../support/fixtures';

// Issue 49, item 12: on a phone the alarm inbox reaches Acknowledge without sideways scrolling and the site
// switcher shows the whole site name; on a tablet in portrait what needs attention stands above the map.
// Batteries 4 (en) and 5 (de) of Linz Hafen (battery-page.spec.ts reads battery 0).
const SITE = 'Linz Hafen';
const PHONE = { width: 390, height: 844 };
const PORTRAIT = { width: 768, height: 1024 };

const TEXTS = {
  en: {
    site: 'Operating site',
    acknowledged: 'Acknowledged',
    attention: 'Needs attention',
    map: 'Map of operating sites',
  },
  de: {
    site: 'Betriebsstätte',
    acknowledged: 'Quittiert',
    attention: 'Braucht Aufmerksamkeit',
    map: 'Karte der Betriebsstätten',
  },
} as const;
const ACK = {
  en: {
    button: (device: string) => `Acknowledge the alarm of ${device}`,
    dialog: 'Acknowledge alarm',
    confirm: 'Acknowledge',
  },
  de: {
    button: (device: string) => `Alarm von ${device} quittieren`,
    dialog: 'Alarm quittieren',
    confirm: 'Quittieren',
  },
} as const;

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const language of ['en', 'de'] as const) {
  const text = TEXTS[language];
  test.describe(`small screens (${language})`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US' });

    test('on a phone an alarm is acknowledged without sideways scrolling; the site name is whole', async ({
      page,
      signIn,
      siteIds,
    }) => {
      const siteId = siteIds[SITE];
      await page.setViewportSize(PHONE);
      await signIn('admin', { next: `/${siteId}/alarms` });
      const listed = await page.request.get(`/api/v2/Alert/filter/batteries?operatingSiteId=${siteId}`);
      const batteries = (await listed.json()) as { batterySerialNumber: string; batteryName: string }[];
      const battery = batteries[language === 'en' ? 4 : 5];
      if (!battery) throw new Error(`${SITE} has too few batteries`);
      const rule = await page.request.post('/api/v2/Alert', {
        data: {
          operatingSiteId: siteId,
          name: `Phone e2e ${language}`,
          alertOnError: true,
          batterySerials: [battery.batterySerialNumber],
          emails: ['phone@example.com'],
        },
      });
      expect(rule.status()).toBe(201);
      const code = `P${Date.now().toString(36).toUpperCase()}`;
      await publishBatteryEvent(battery.batterySerialNumber, { type: 'error', code, description: 'Phone e2e' });
      const card = page.getByRole('listitem').filter({ hasText: code });
      await expect(card).toBeVisible({ timeout: 30_000 });
      expect(await noSidewaysScroll(page)).toBe(true);
      const acknowledge = card.getByRole('button', { name: ACK[language].button(battery.batteryName) });
      const box = await acknowledge.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);

      const site = page.getByRole('combobox', { name: text.site, exact: true });
      await expect(site).toHaveValue(SITE);
      expect(await site.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);

      await acknowledge.click();
      const dialog = page.getByRole('dialog', { name: ACK[language].dialog });
      await dialog.getByRole('button', { name: ACK[language].confirm }).click();
      await expect(card).toContainText(text.acknowledged);
      await publishBatteryEvent(battery.batterySerialNumber, {
        type: 'error',
        code,
        description: 'Phone e2e',
        active: false,
      });
    });

    test('on a tablet in portrait what needs attention comes before the map', async ({ page, signIn }) => {
      await page.setViewportSize(PORTRAIT);
      await signIn('operator', { next: '/overview' });
      const attention = page.getByRole('heading', { name: text.attention });
      const map = page.getByRole('region', { name: text.map });
      await expect(attention).toBeVisible();
      const [above, below] = [await attention.boundingBox(), await map.boundingBox()];
      expect(above && below && above.y < below.y).toBe(true);
      expect(await noSidewaysScroll(page)).toBe(true);
    });
  });
}
