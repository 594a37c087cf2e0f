import type { Page } from '@playwright/test';
import { publishBatteryEvent } from '../support/device-publisher';
import { expect, test } from '../support/fixtures';

// Creates its own event rule per run at Göteborg Hamn, which no other spec uses, and drives one battery per
// language into an error of a code made up for the run.
test.describe.configure({ mode: 'serial' });

const SITE = 'Göteborg Hamn';

/** An error rule for one battery of the site (through the API: the alert form has its own spec). */
async function errorRuleFor(page: Page, siteId: number, index: number) {
  const response = await page.request.get(`/api/v2/Alert/filter/batteries?operatingSiteId=${siteId}`);
  const battery = ((await response.json()) as { batterySerialNumber: string; batteryName: string }[])[index];
  if (!battery) throw new Error(`${SITE} has no battery ${index}`);
  const created = await page.request.post('/api/v2/Alert', {
    data: {
      operatingSiteId: siteId,
      name: `Alarm e2e ${index}`,
      alertOnError: true,
      batterySerials: [battery.batterySerialNumber],
      emails: ['alarms@example.com'],
    },
  });
  expect(created.status()).toBe(201);
  return { serial: battery.batterySerialNumber, name: battery.batteryName };
}

interface Texts {
  title: string;
  acknowledgeDevice: (device: string) => string;
  dialog: string;
  comment: string;
  acknowledge: string;
  acknowledged: string;
  all: string;
  cleared: string;
}

const TEXTS: Record<'en' | 'de', Texts> = {
  en: {
    title: 'Alarm inbox',
    acknowledgeDevice: (device) => `Acknowledge the alarm of ${device}`,
    dialog: 'Acknowledge alarm',
    comment: 'Comment',
    acknowledge: 'Acknowledge',
    acknowledged: 'Acknowledged',
    all: 'All',
    cleared: 'Cleared',
  },
  de: {
    title: 'Alarmeingang',
    acknowledgeDevice: (device) => `Alarm von ${device} quittieren`,
    dialog: 'Alarm quittieren',
    comment: 'Kommentar',
    acknowledge: 'Quittieren',
    acknowledged: 'Quittiert',
    all: 'Alle',
    cleared: 'Behoben',
  },
};

for (const [language, text] of Object.entries(TEXTS) as ['en' | 'de', Texts][]) {
  test.describe(`alarm inbox (${language})`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US' });

    test('a battery driven into error appears within seconds; acknowledging records who and when; clearing closes it', async ({
      page,
      signIn,
      siteIds,
    }) => {
      const siteId = siteIds[SITE];
      await signIn('admin', { next: `/${siteId}/alarms` });
      await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
      const battery = await errorRuleFor(page, siteId, language === 'en' ? 0 : 1);
      const code = `A${Date.now().toString(36).toUpperCase()}`;
      const error = { type: 'error', code, description: 'Alarm e2e' };

      await publishBatteryEvent(battery.serial, error);
      const row = page.getByRole('row').filter({ hasText: code });
      await expect(row).toBeVisible({ timeout: 15_000 });

      await row.getByRole('button', { name: text.acknowledgeDevice(battery.name) }).click();
      const dialog = page.getByRole('dialog', { name: text.dialog });
      await dialog.getByRole('textbox', { name: text.comment }).fill('Technician on the way');
      await dialog.getByRole('button', { name: text.acknowledge }).click();
      await expect(dialog).toHaveCount(0);
      await expect(row).toContainText(text.acknowledged);
      await expect(row).toContainText('admin@cbm.demo');
      await expect(row).toContainText('Technician on the way');
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
      const [year, month, day] = today.split('-');
      await expect(row).toContainText(language === 'de' ? `${day}.${month}.${year}` : `${month}-${day}-${year}`);

      await publishBatteryEvent(battery.serial, { ...error, active: false });
      await expect(row).toHaveCount(0, { timeout: 15_000 });
      await page.getByText(text.all, { exact: true }).click();
      await expect(page.getByRole('row').filter({ hasText: code })).toContainText(text.cleared);
    });
  });
}
