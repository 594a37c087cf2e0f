import type { Page } from '@playwright/test';
import { publishBatteryTelemetry } from '../support/device-publisher';
import { expect, test } from '../support/fixtures';
import { mailsTo } from '../support/mail-outbox';

// Threshold and silence rules of its own at Stuttgart Hafen, on batteries whose IoT module is off: the simulator
// leaves them silent, so only this spec's telemetry reaches them. Each language takes the next two of them.
const SITE = 'Stuttgart Hafen';
const MINUTE = 60_000;

interface LiveBattery {
  batterySerialNumber: string;
  batteryName: string;
  lastDataTimestamp: string | null;
}

/** Two of the site's batteries that have not reported for an hour. */
async function silentBatteries(page: Page, siteId: number): Promise<[LiveBattery, LiveBattery]> {
  const response = await page.request.get(`/api/v2/battery/BatteryLiveView?operatingSiteId=${siteId}`);
  const { batteries } = (await response.json()) as { batteries: LiveBattery[] };
  const silent = batteries
    .filter((battery) => Date.now() - Date.parse(battery.lastDataTimestamp ?? '') > 60 * MINUTE)
    .sort((a, b) => a.batterySerialNumber.localeCompare(b.batterySerialNumber));
  const [first, second] = silent;
  if (!first || !second) throw new Error(`${SITE} has fewer than two silent batteries left`);
  return [first, second];
}

interface Rule {
  name: string;
  email: string;
  condition: { metric: 'socBelow'; threshold: number; hysteresis: number } | { metric: 'noData'; minutes: number };
}

const rules = (language: string) => ({
  lowSoc: {
    name: `Low SoC ${language}`,
    email: `low-soc-${language}@example.com`,
    condition: { metric: 'socBelow', threshold: 20, hysteresis: 5 },
  } satisfies Rule,
  quiet: {
    name: `Quiet ${language}`,
    email: `quiet-${language}@example.com`,
    condition: { metric: 'noData', minutes: 1 },
  } satisfies Rule,
});

/** As the web app would send it: in the page's language, which the rule's mails are written in. */
async function addThroughApi(page: Page, siteId: number, rule: Rule, battery: LiveBattery, language: string) {
  const created = await page.request.post('/api/v2/ThresholdRule', {
    headers: { 'accept-language': language },
    data: {
      operatingSiteId: siteId,
      name: rule.name,
      batterySerials: [battery.batterySerialNumber],
      emails: [rule.email],
      mailRecovery: true,
      condition: rule.condition,
    },
  });
  expect(created.status()).toBe(201);
}

/** The operator's way: the threshold rule form on the alerts page (English). */
async function addThroughForm(page: Page, rule: Rule, battery: LiveBattery) {
  await page.getByRole('button', { name: 'Add threshold rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add threshold rule' });
  const field = (name: RegExp) => dialog.getByRole('textbox', { name }).or(dialog.getByRole('combobox', { name }));
  await field(/^Name/).fill(rule.name);
  if (rule.condition.metric === 'noData') {
    await field(/^Condition/).click();
    await page.getByRole('option', { name: 'No data for' }).click();
    await field(/^Minutes without data/).fill(String(rule.condition.minutes));
  } else {
    await field(/^Threshold/).fill(String(rule.condition.threshold));
    await field(/^Hysteresis/).fill(String(rule.condition.hysteresis));
  }
  await field(/^Batteries/).fill(battery.batterySerialNumber);
  await page.getByRole('option', { name: `${battery.batteryName} (${battery.batterySerialNumber})` }).click();
  await page.keyboard.press('Escape');
  await field(/^E-mail addresses/).fill(rule.email);
  await dialog.getByRole('checkbox', { name: 'Also mail when the condition has cleared' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
}

/** The mails of a rule's address about one battery, as the outbox folder holds them now. */
const mailsAbout = async (rule: Rule, battery: LiveBattery) =>
  (await mailsTo(rule.email)).filter((mail) => mail.includes(`(${battery.batterySerialNumber})`));

const TEXTS = {
  en: { title: 'Alarm inbox', all: 'All', open: 'Open', cleared: 'Cleared', recovered: 'Recovered' },
  de: { title: 'Alarmeingang', all: 'Alle', open: 'Offen', cleared: 'Behoben', recovered: 'Behoben' },
};

for (const language of ['en', 'de'] as const) {
  test.describe(`alarm rules (${language})`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US' });
    const text = TEXTS[language];

    test('"SoC below 20 %" fires and mails once while the value hovers, clears past the hysteresis; a silence rule fires for a battery that stops reporting', async ({
      page,
      signIn,
      siteIds,
    }) => {
      test.setTimeout(120_000);
      const siteId = siteIds[SITE];
      await signIn('admin', { next: `/${siteId}/alerts` });
      const [lowBattery, quietBattery] = await silentBatteries(page, siteId);
      const { lowSoc, quiet } = rules(language);
      const add = (rule: Rule, battery: LiveBattery) =>
        language === 'en' ? addThroughForm(page, rule, battery) : addThroughApi(page, siteId, rule, battery, language);
      await add(lowSoc, lowBattery);

      // A minute apart, so that each is a sample (one per minute is kept); each publish resolves once stored.
      const start = Date.now() - 10 * MINUTE;
      const reportSoc = (soc: number, minute: number) =>
        publishBatteryTelemetry(lowBattery.batterySerialNumber, null, { ts: new Date(start + minute * MINUTE), soc });
      for (const [minute, soc] of [25, 18, 21, 19, 22].entries()) await reportSoc(soc, minute);

      // The other battery reports once, 45 s ago, and stops: its silence alarm opens about 15 s later, after the
      // hovering's alarms and mails, so once it shows in the inbox and the outbox they would show there too.
      await publishBatteryTelemetry(quietBattery.batterySerialNumber, null, {
        ts: new Date(Date.now() - 45_000),
        soc: 60,
      });
      await add(quiet, quietBattery);

      await page.goto(`/${siteId}/alarms`);
      await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
      await page.getByText(text.all, { exact: true }).click();
      const rows = (rule: Rule, battery: LiveBattery) =>
        page.getByRole('row').filter({ hasText: battery.batterySerialNumber }).filter({ hasText: rule.name });
      await expect(rows(quiet, quietBattery)).toHaveCount(1, { timeout: 30_000 });
      await expect(rows(quiet, quietBattery)).toContainText(text.open);
      await expect.poll(async () => (await mailsAbout(quiet, quietBattery)).length, { timeout: 15_000 }).toBe(1);

      await expect(rows(lowSoc, lowBattery)).toHaveCount(1);
      await expect(rows(lowSoc, lowBattery)).toContainText(text.open);
      expect(await mailsAbout(lowSoc, lowBattery)).toHaveLength(1);

      await reportSoc(26, 5);
      await expect(rows(lowSoc, lowBattery)).toContainText(text.cleared);
      await expect(rows(lowSoc, lowBattery)).toHaveCount(1);
      // The rule mails the recovery too.
      await expect.poll(async () => (await mailsAbout(lowSoc, lowBattery)).length, { timeout: 15_000 }).toBe(2);
      expect((await mailsAbout(lowSoc, lowBattery)).filter((mail) => mail.includes(text.recovered))).toHaveLength(1);
    });
  });
}
