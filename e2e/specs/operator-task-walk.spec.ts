import { publishBatteryEvent } from '../support/device-publisher';
import { expect, test } from '../support/fixtures';

// Issue 49, task (a), as the operator does it: see what needs attention and why, open the battery, see its last
// week and its alarm, acknowledge it there. Its own alert rule and the last two batteries of München Riem (en, de);
// battery-page.spec.ts reads the first.
const SITE = 'München Riem';
const CODE = 'E204';

const TEXTS = {
  en: {
    attention: 'Needs attention',
    why: 'Error E204: Isolation fault',
    history: 'History',
    soc: 'State of charge (lowest and highest)',
    alarms: 'Active alarms',
    acknowledge: (device: string) => `Acknowledge the alarm of ${device}`,
    dialog: 'Acknowledge alarm',
    confirm: 'Acknowledge',
    comment: 'Comment',
    acknowledged: 'Acknowledged',
  },
  de: {
    attention: 'Braucht Aufmerksamkeit',
    why: 'Fehler E204: Isolationsfehler',
    history: 'Verlauf',
    soc: 'Ladezustand (niedrigster und höchster)',
    alarms: 'Aktive Alarme',
    acknowledge: (device: string) => `Alarm von ${device} quittieren`,
    dialog: 'Alarm quittieren',
    confirm: 'Quittieren',
    comment: 'Kommentar',
    acknowledged: 'Quittiert',
  },
} as const;

for (const language of ['en', 'de'] as const) {
  const text = TEXTS[language];
  test.describe(`the operator's task (a) (${language})`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US' });

    test('sees why a battery needs attention, opens it, sees its last week and its alarm, acknowledges it', async ({
      page,
      signIn,
      siteIds,
    }) => {
      test.setTimeout(60_000);
      const siteId = siteIds[SITE];
      await signIn('operator', { next: '/overview' });
      const listed = await page.request.get(`/api/v2/Alert/filter/batteries?operatingSiteId=${siteId}`);
      const batteries = (await listed.json()) as { batterySerialNumber: string; batteryName: string }[];
      const battery = batteries.at(language === 'en' ? -1 : -2);
      if (!battery) throw new Error(`${SITE} has too few batteries`);
      const rule = await page.request.post('/api/v2/Alert', {
        data: {
          operatingSiteId: siteId,
          name: `Task a ${language}`,
          alertOnError: true,
          batterySerials: [battery.batterySerialNumber],
          emails: ['task-a@example.com'],
        },
      });
      expect(rule.status()).toBe(201);
      await publishBatteryEvent(battery.batterySerialNumber, { type: 'error', code: CODE, description: 'Task a' });

      // Needs attention names the battery and why, with the error's description, live (the overview's stream).
      const attention = page.getByRole('table', { name: text.attention });
      const row = attention.getByRole('row').filter({ hasText: battery.batterySerialNumber });
      await expect(row).toContainText(text.why, { timeout: 20_000 });
      await row.getByRole('link', { name: battery.batteryName }).click();

      // Its page: the last week's trend from the roll-ups, and its alarm.
      await expect(page.getByRole('heading', { level: 1, name: battery.batteryName })).toBeVisible();
      const history = page.getByRole('region', { name: text.history });
      await expect(history.getByRole('figure', { name: text.soc }).locator('.recharts-line').first()).toBeAttached();
      const alarms = page.getByRole('region', { name: text.alarms });
      await alarms.getByRole('button', { name: text.acknowledge(battery.batteryName) }).click({ timeout: 20_000 });
      const dialog = page.getByRole('dialog', { name: text.dialog });
      await dialog.getByRole('textbox', { name: text.comment }).fill('Isolation checked by the e2e walk');
      await dialog.getByRole('button', { name: text.confirm, exact: true }).click();
      await expect(alarms.getByRole('row').filter({ hasText: CODE })).toContainText(text.acknowledged);

      await publishBatteryEvent(battery.batterySerialNumber, {
        type: 'error',
        code: CODE,
        description: 'Task a',
        active: false,
      });
    });
  });
}
