import type { Page } from '@playwright/test';
import { publishBatteryEvent } from '../support/device-publisher';
import { expect, test } from '../support/fixtures';
import { outboxMails } from '../support/mail-outbox';

// Creates, edits and deletes its own alert at Stuttgart Hafen; other specs do not use its alerts. Reads the
// demo's example alerts at Hamburg Hafen.
test.describe.configure({ mode: 'serial' });

const SITE = 'Stuttgart Hafen';
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const field = (page: Page, name: RegExp) =>
  page.getByRole('textbox', { name }).or(page.getByRole('combobox', { name }));

const mailsMentioning = async (text: string) => (await outboxMails()).filter((mail) => mail.includes(text));

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await field(page, label).click();
  await page.getByRole('option', { name: option }).first().click();
  await page.keyboard.press('Escape');
}

test.describe('battery alerts', () => {
  let serials: string[] = [];

  test.beforeEach(async ({ signIn, siteIds, page }) => {
    await signIn('admin', { next: `/${siteIds[SITE]}/alerts` });
    if (serials.length === 0) {
      const response = await page.request.get(`/api/v2/Alert/filter/batteries?operatingSiteId=${siteIds[SITE]}`);
      serials = ((await response.json()) as { batterySerialNumber: string }[]).map((b) => b.batterySerialNumber);
    }
  });

  test('flags only what the chosen way misses, refuses a bad address at entry, then adds the alert', async ({
    page,
  }) => {
    await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add alert' });
    // Choosing the selected organization again keeps it: a required choice is never emptied.
    const organization = dialog.getByRole('combobox', { name: 'Organization (operating site)' });
    const chosen = await organization.inputValue();
    await organization.click();
    await page.getByRole('option', { name: chosen, exact: true }).click();
    await expect(organization).toHaveValue(chosen);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please select one or more organizations', { exact: true })).toHaveCount(0);
    for (const message of ['Name is required', 'E-Mail is required', 'One or more battery types are required']) {
      await expect(dialog.getByText(message, { exact: true })).toHaveCount(1);
    }
    // All groups is chosen, so groups are not missing; serials are the other way.
    await expect(dialog.getByRole('radio', { name: 'All groups' })).toBeChecked();
    await expect(dialog.getByText('One or more groups are required')).toHaveCount(0);
    await expect(dialog.getByText('Battery serials is required')).toHaveCount(0);

    const emails = field(page, /^E-mail addresses/);
    await emails.fill('not-an-address');
    await emails.press('Enter');
    await expect(emails).toHaveValue('not-an-address');
    await expect(emails).toHaveAccessibleDescription(/E-Mail is invalid/);

    // The other way: serial numbers only.
    await dialog.getByText('Serial numbers', { exact: true }).click();
    await expect(field(page, /^Battery types/)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Battery serials is required', { exact: true })).toHaveCount(1);
    await expect(dialog.getByText('One or more battery types are required')).toHaveCount(0);

    // A single select closes on choosing (Escape would close the dialog).
    await field(page, /^Organization/).click();
    await page.getByRole('option', { name: SITE }).click();
    await field(page, /^Name/).fill('E2E night shift');
    await choose(page, /^Battery serials/, new RegExp(`\\(${serials[0]}\\)|^${serials[0]}$`));
    await emails.fill('night-shift@example.com');
    await emails.press('Enter');
    await expect(emails).toHaveValue('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Alert added')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: 'E2E night shift', exact: true })).toBeVisible();
  });

  test('an error at the matching battery gives exactly one mail, one elsewhere none', async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const elsewhere = `X${stamp}`;
    const matching = `M${stamp}`;
    await publishBatteryEvent(serials[1] as string, { type: 'error', code: elsewhere, description: 'Elsewhere' });
    await publishBatteryEvent(serials[0] as string, { type: 'error', code: matching, description: 'Matching' });
    await expect.poll(async () => (await mailsMentioning(matching)).length, { timeout: 20_000 }).toBe(1);
    const [mail] = await mailsMentioning(matching);
    expect(mail).toContain('To: night-shift@example.com');
    expect(mail).toContain(`Error ${matching}`);
    expect(await mailsMentioning(elsewhere)).toEqual([]);
  });

  test('a fired alert shows a desktop notification on another page of the site', async ({ page }) => {
    // The browser's notifications, recorded: headless Chromium shows none.
    await page.addInitScript(() => {
      const shown: string[] = [];
      class RecordingNotification {
        static permission = 'granted';
        static requestPermission = async () => 'granted';
        constructor(title: string) {
          shown.push(title);
        }
      }
      Object.assign(window, { Notification: RecordingNotification, shownNotifications: shown });
    });
    await page.reload();
    const listening = page.waitForResponse((response) => response.url().includes('/live/stream'));
    await page.getByRole('switch', { name: 'Desktop notifications' }).check({ force: true });
    await listening;
    // The battery area's Live View (the charger-station area has one too).
    await page.getByRole('link', { name: 'Live View' }).first().click();
    await expect(page).toHaveURL(/\/live$/);

    const code = `N${Date.now().toString(36).toUpperCase()}`;
    await publishBatteryEvent(serials[0] as string, { type: 'error', code, description: 'Notified' });
    const shown = () => page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications);
    await expect.poll(shown, { timeout: 20_000 }).toEqual([expect.stringMatching(new RegExp(`^Error ${code}: `))]);
  });

  test('edits and deletes the alert', async ({ page }) => {
    await page.getByRole('button', { name: 'Edit alert E2E night shift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit alert' });
    await field(page, /^Name/).fill('E2E late shift');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Alert updated')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'E2E late shift', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'E2E night shift', exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete alert E2E late shift' }).click();
    await page.getByRole('dialog', { name: 'Delete alert' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Alert deleted')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'E2E late shift', exact: true })).toHaveCount(0);
  });
});

test('a battery type alone watches All groups, shown as such in the list', async ({ page, signIn, siteIds }) => {
  await signIn('admin', { next: `/${siteIds[SITE]}/alerts` });
  await page.getByRole('button', { name: 'Add alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add alert' });
  await field(page, /^Name/).fill('E2E every group');
  await choose(page, /^Battery types/, /./);
  await field(page, /^E-mail addresses/).fill('groups@example.com');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Alert added')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'E2E every group' });
  await expect(row).toContainText('Groups: All groups');
  await row.getByRole('button', { name: 'Delete alert E2E every group' }).click();
  await page.getByRole('dialog', { name: 'Delete alert' }).getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});

test('the demo shows example alerts at Hamburg Hafen', async ({ page, signIn, siteIds }) => {
  await signIn('admin', { next: `/${siteIds['Hamburg Hafen']}/alerts` });
  for (const name of ['Errors of all batteries', 'Limits of the first battery']) {
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  }
  await page.goto(`/${siteIds['Hamburg Hafen']}/mdload/alerts`);
  await expect(page.getByRole('cell', { name: 'Charger-station errors', exact: true })).toBeVisible();
});
