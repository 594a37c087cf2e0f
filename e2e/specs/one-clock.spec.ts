import type { Page } from '@playwright/test';
import { publishBatteryEvent } from '../support/device-publisher';
import { expect, test } from '../support/fixtures';

// The browser's clock is New York's, the site's Göteborg Hamn's: the alarm inbox must show the site's time
// and name its zone, and the user's choice of the browser's clock must be kept. Batteries 2 and 3 of the
// site (alarms.spec.ts drives 0 and 1).
test.describe.configure({ mode: 'serial' });

const SITE = 'Göteborg Hamn';
const BROWSER_ZONE = 'America/New_York';

const TEXTS = {
  en: {
    title: 'Alarm inbox',
    clock: 'Times shown in',
    browser: "This browser's time zone",
    section: 'Active alarms',
    acknowledgeDevice: (device: string) => `Acknowledge the alarm of ${device}`,
    dialog: 'Acknowledge alarm',
    acknowledge: 'Acknowledge',
    acknowledged: 'Acknowledged',
  },
  de: {
    title: 'Alarmeingang',
    clock: 'Zeiten in',
    browser: 'Zeitzone dieses Browsers',
    section: 'Aktive Alarme',
    acknowledgeDevice: (device: string) => `Alarm von ${device} quittieren`,
    dialog: 'Alarm quittieren',
    acknowledge: 'Quittieren',
    acknowledged: 'Quittiert',
  },
} as const;

/** The business constants' date-time format, as the clocks of `zone` show `iso` (to the second: an event's moment). */
function clockText(iso: string, zone: string, language: 'en' | 'de', seconds = false) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  const { year, month, day, hour, minute, second } = parts;
  const time = seconds ? `${hour}:${minute}:${second}` : `${hour}:${minute}`;
  return language === 'de' ? `${day}.${month}.${year} ${time}` : `${month}-${day}-${year} ${time}`;
}

async function alarmOf(page: Page, siteId: number, code: string) {
  const response = await page.request.get(`/api/v2/Alarm?operatingSiteId=${siteId}`);
  const alarms = (await response.json()) as { code: string; openedAt: string; serialNumber: string }[];
  const alarm = alarms.find((entry) => entry.code === code);
  if (!alarm) throw new Error(`no alarm ${code}`);
  return alarm;
}

for (const language of ['en', 'de'] as const) {
  const text = TEXTS[language];
  test.describe(`one clock (${language})`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US', timezoneId: BROWSER_ZONE });

    test("the inbox shows an alarm in the site's zone and names it; the browser's clock is kept when chosen", async ({
      page,
      signIn,
      siteIds,
    }) => {
      const siteId = siteIds[SITE];
      await signIn('admin', { next: `/${siteId}/alarms` });
      await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
      const batteries = await page.request.get(`/api/v2/Alert/filter/batteries?operatingSiteId=${siteId}`);
      const listed = (await batteries.json()) as { batterySerialNumber: string; batteryName: string }[];
      const battery = listed[language === 'en' ? 2 : 3];
      if (!battery) throw new Error(`${SITE} has too few batteries`);
      const rule = await page.request.post('/api/v2/Alert', {
        data: {
          operatingSiteId: siteId,
          name: `Clock e2e ${language}`,
          alertOnError: true,
          batterySerials: [battery.batterySerialNumber],
          emails: ['clock@example.com'],
        },
      });
      expect(rule.status()).toBe(201);
      const code = `C${Date.now().toString(36).toUpperCase()}`;
      await publishBatteryEvent(battery.batterySerialNumber, { type: 'error', code, description: 'Clock e2e' });
      const row = page.getByRole('row').filter({ hasText: code });
      await expect(row).toBeVisible({ timeout: 15_000 });
      const { openedAt } = await alarmOf(page, siteId, code);
      // The header counts it.
      await expect(page.locator('[data-alarm-count]')).not.toHaveAttribute('data-alarm-count', '0');

      const clock = page.getByRole('button', { name: new RegExp(`^${text.clock}`) });
      const siteZone = await clock.getAttribute('data-clock-zone');
      expect(siteZone).not.toBe(BROWSER_ZONE);
      await expect(clock).toHaveAccessibleName(new RegExp(`^${text.clock} ${siteZone}`));
      // One moment, one text (decision 116): to the second in the inbox, on the battery page and in the events view.
      const moment = clockText(openedAt, siteZone as string, language, true);
      await expect(row).toContainText(moment);

      try {
        await clock.click();
        await page.getByRole('menuitem', { name: new RegExp(`^${text.browser}`) }).click();
        await expect(clock).toHaveAttribute('data-clock-zone', BROWSER_ZONE);
        await expect(row).toContainText(clockText(openedAt, BROWSER_ZONE, language));
        await page.reload();
        await expect(page.getByRole('row').filter({ hasText: code })).toContainText(
          clockText(openedAt, BROWSER_ZONE, language),
        );
      } finally {
        // The shared admin account goes back to the site's clock for the other specs.
        expect((await page.request.put('/api/v2/user/clock', { data: { clock: 'site' } })).ok()).toBe(true);
      }

      // The row leads to the battery's page, which shows the alarm at the same time and acknowledges it.
      await page.reload();
      await page.getByRole('row').filter({ hasText: code }).getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/${siteId}/batteries/${battery.batterySerialNumber}$`));
      await expect(page.getByRole('heading', { name: text.section })).toBeVisible();
      const onPage = page.getByRole('row').filter({ hasText: code });
      await expect(onPage).toContainText(clockText(openedAt, siteZone as string, language));
      await onPage.getByRole('button', { name: text.acknowledgeDevice(battery.batteryName) }).click();
      const dialog = page.getByRole('dialog', { name: text.dialog });
      await dialog.getByRole('button', { name: text.acknowledge }).click();
      await expect(dialog).toHaveCount(0);
      await expect(onPage).toContainText(text.acknowledged);
      await page.goto(`/${siteId}/expert/filter/${battery.batterySerialNumber}`);
      await expect(page.getByRole('row').filter({ hasText: code }).first()).toContainText(moment);
      await expect(clock).toHaveAccessibleName(new RegExp(`^${text.clock} ${siteZone}`));
      await publishBatteryEvent(battery.batterySerialNumber, {
        type: 'error',
        code,
        description: 'Clock e2e',
        active: false,
      });
    });
  });
}
