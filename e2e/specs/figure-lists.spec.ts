import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { isDisconnected } from '@cbm/contracts/fleet-health';
import type { LiveViewBattery } from '@cbm/contracts/live-view';
import type { Page } from '@playwright/test';
import type { SiteName } from '../support/demo-sites';
import { publishBatteryEvent } from '../support/device-publisher';
import { expect, test } from '../support/fixtures';

const run = promisify(execFile);

// Issue 49: the overview's figures open their lists, the inbox says why errors have no alarm and offers a rule,
// and the fleet PDF downloads on demand.
const TEXTS = {
  en: {
    count: /^(\d+) batter/,
    noAlarmRule: 'Create an alert rule for errors',
    why: 'Only errors that match an alert rule become alarms',
    ruleName: (site: string) => `Errors at ${site}`,
    notifyError: 'Error',
    fleet: 'Download fleet report (PDF)',
    fleetTitle: 'Fleet report',
  },
  de: {
    count: /^(\d+) Batterie/,
    noAlarmRule: 'Alarmregel für Fehler anlegen',
    why: 'Nur Fehler, die zu einer Alarmregel passen',
    ruleName: (site: string) => `Fehler in ${site}`,
    notifyError: 'Fehler',
    fleet: 'Flottenbericht herunterladen (PDF)',
    fleetTitle: 'Flottenbericht',
  },
};

/** A site of the admin's with no alert rule and no active alarm: an error there opens no alarm. */
async function siteWithoutRules(page: Page, siteIds: Record<SiteName, number>) {
  for (const [name, id] of Object.entries(siteIds)) {
    const rules = (await (await page.request.get(`/api/v2/Alert?operatingSiteId=${id}`)).json()) as unknown[];
    const alarms = (await (await page.request.get(`/api/v2/Alarm?state=active&operatingSiteId=${id}`)).json()) as [];
    if (rules.length === 0 && alarms.length === 0) return { name, id };
  }
  throw new Error('every demo site has an alert rule or an active alarm');
}

for (const [language, text] of Object.entries(TEXTS) as ['en' | 'de', (typeof TEXTS)['en']][]) {
  test.describe(`figures, inbox and fleet report (${language})`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US' });
    // Rendering a month's fleet PDF and waiting for a live error take longer than the default on a busy machine.
    test.describe.configure({ timeout: 120_000 });

    test('a figure of the overview opens the list of exactly its batteries, kept on reload', async ({
      page,
      signIn,
    }) => {
      await signIn('admin', { next: '/' });
      const tile = page.locator('a[data-figure="lowSoc"]');
      await expect(async () => {
        await page.goto('/');
        const figure = Number((await tile.locator('p').first().textContent())?.replace(/\D/g, ''));
        await tile.click();
        await expect(page).toHaveURL(/\/batteries\?figure=lowSoc$/);
        await page.reload();
        const count = page.getByTestId('figure-list-count');
        await expect(count).toHaveText(text.count);
        expect(Number(text.count.exec((await count.textContent()) ?? '')?.[1])).toBe(figure);
        await expect(page.getByRole('table').getByRole('row')).toHaveCount(Math.min(figure, 500) + 1);
      }).toPass({ timeout: 60_000 });
    });

    test('a site with batteries in error and no alarm says why and opens the alert form prefilled', async ({
      page,
      signIn,
      siteIds,
    }) => {
      await signIn('admin', { next: '/' });
      const site = await siteWithoutRules(page, siteIds);
      // A connected battery: a switched-off one's error is its last known, not one now (decision 139).
      const live = await page.request.get(`/api/v2/battery/BatteryLiveView?operatingSiteId=${site.id}`);
      const { batteries } = (await live.json()) as { batteries: LiveViewBattery[] };
      const battery = batteries.find((candidate) => !isDisconnected(candidate));
      await publishBatteryEvent(battery?.batterySerialNumber as string, {
        type: 'error',
        code: `N${Date.now().toString(36).toUpperCase()}`,
        description: 'No rule e2e',
      });
      await expect(async () => {
        await page.goto(`/${site.id}/alarms`);
        await expect(page.getByText(text.why)).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 45_000 });
      await page.getByRole('link', { name: text.noAlarmRule }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(text.ruleName(site.name));
      await expect(dialog.getByRole('checkbox', { name: text.notifyError, exact: true })).toBeChecked();
    });

    test('the Reporting page downloads the fleet PDF of the chosen period', async ({ page, signIn, siteIds }) => {
      const site = 'Bremen GVZ';
      await signIn('admin', { next: `/${siteIds[site]}/report` });
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: text.fleet }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^fleet-report-Bremen_GVZ-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.pdf$/);
      const path = await file.path();
      const pdf = (await run('pdftotext', ['-layout', path, '-'])).stdout;
      expect(pdf).toContain(`${text.fleetTitle} ${site}`);
    });
  });
}
