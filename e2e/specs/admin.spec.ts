import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demo-users';
import { expect, test } from '../support/fixtures';
import { baseUrl } from '../support/server-env';

// The tests build on each other (the audit log shows what the others changed) and change demo data:
// Birmingham Central's settings (its name right away, the rest after the tests: other specs find every
// site by name) and batteries and licences of Göteborg Hamn, which no other spec looks at.
test.describe.configure({ mode: 'serial' });

const SETTINGS_SITE = 'Birmingham Central';
const FLEET_SITE = 'Göteborg Hamn';

const CHANGED = {
  name: 'Birmingham Central Depot',
  latitude: '52.4862',
  longitude: '-1.8904',
  timezone: 'Europe/Dublin',
  currency: 'EUR',
  currencyLabel: 'EUR – Euro',
  pricePerKwh: '0.3456',
};

interface SettingsBody {
  name: string;
  latitude: number;
  longitude: number;
  timezone: string;
  currency: string;
  pricePerKwh: number;
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

async function chooseOption(page: Page, label: string, search: string, option: string) {
  const select = page.getByRole('combobox', { name: label });
  await select.click();
  await select.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('site administration', () => {
  let original: SettingsBody;
  let movedSerials: string[];
  let changedDisplayIds: string[];

  test.afterAll(async ({ playwright, siteIds }) => {
    if (!original) return;
    const api = await playwright.request.newContext({ baseURL: baseUrl() });
    const login = await api.post('/api/v2/auth/login', {
      data: { username: DEMO_USERS.admin, password: DEMO_PASSWORD },
    });
    expect(login.ok()).toBe(true);
    const restore = await api.post(`/api/v2/OsAdmin?operatingSiteId=${siteIds[SETTINGS_SITE]}`, { data: original });
    expect(restore.ok()).toBe(true);
    await api.dispose();
  });

  test('every site setting is stored and still there after a reload', async ({ page, signIn, siteIds }) => {
    const siteId = siteIds[SETTINGS_SITE];
    await signIn('admin', { next: `/${siteId}/admin/osadmin` });
    original = (await (await page.request.get(`/api/v2/OsAdmin?operatingSiteId=${siteId}`)).json()) as SettingsBody;
    await expect(field(page, 'Name')).toHaveValue(SETTINGS_SITE);

    // Picking on the map fills both coordinates (the map works without tiles).
    await page
      .getByRole('region', { name: 'Map to pick the location of the site' })
      .click({ position: { x: 80, y: 80 } });
    await expect(field(page, 'Latitude')).not.toHaveValue(String(original.latitude));
    await expect(field(page, 'Longitude')).not.toHaveValue(String(original.longitude));

    await field(page, 'Name').fill(CHANGED.name);
    await field(page, 'Latitude').fill(CHANGED.latitude);
    await field(page, 'Longitude').fill(CHANGED.longitude);
    await chooseOption(page, 'Time zone', 'Dublin', CHANGED.timezone);
    await chooseOption(page, 'Currency', 'EUR', CHANGED.currencyLabel);
    await field(page, 'Price per kWh').fill(CHANGED.pricePerKwh);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Settings stored')).toBeVisible();

    await page.reload();
    await expect(field(page, 'Name')).toHaveValue(CHANGED.name);
    await expect(field(page, 'Latitude')).toHaveValue(CHANGED.latitude);
    await expect(field(page, 'Longitude')).toHaveValue(CHANGED.longitude);
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue(CHANGED.timezone);
    await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue(CHANGED.currencyLabel);
    await expect(field(page, 'Price per kWh')).toHaveValue(CHANGED.pricePerKwh);
    await expect(page.getByRole('combobox', { name: 'Operating site' })).toHaveValue(CHANGED.name);

    await field(page, 'Name').fill(SETTINGS_SITE);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('combobox', { name: 'Operating site' })).toHaveValue(SETTINGS_SITE);
  });

  test('an invalid latitude or price shows the validation messages and stores nothing', async ({
    page,
    signIn,
    siteIds,
  }) => {
    await signIn('admin', { next: `/${siteIds[SETTINGS_SITE]}/admin/osadmin` });
    await field(page, 'Latitude').fill('91');
    await field(page, 'Longitude').fill('');
    await field(page, 'Price per kWh').fill('cheap');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Value must be below 90')).toBeVisible();
    await expect(page.getByText('This value is required')).toBeVisible();
    await expect(page.getByText('Value must be a number (e.g.: 0.1234)')).toBeVisible();

    await field(page, 'Latitude').fill('-90.5');
    await field(page, 'Price per kWh').fill('-1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Value must be above -90')).toBeVisible();
    await expect(page.getByText('Value must be above 0')).toBeVisible();

    await page.reload();
    await expect(field(page, 'Latitude')).toHaveValue(CHANGED.latitude);
    await expect(field(page, 'Price per kWh')).toHaveValue(CHANGED.pricePerKwh);
  });

  test('batteries are assigned to another site', async ({ page, signIn, siteIds }) => {
    const from = siteIds[FLEET_SITE];
    await signIn('admin', { next: `/${from}/admin/osadmin` });
    const expected = (await (await page.request.get(`/api/v2/OsAdmin/batteries?operatingSiteId=${from}`)).json()) as {
      batteries: { batterySerialNumber: string; assigned: boolean }[];
    };
    const [first, second, staying] = expected.batteries
      .filter((battery) => battery.assigned)
      .map((battery) => battery.batterySerialNumber) as [string, string, string];
    movedSerials = [first, second];

    await page.getByRole('tab', { name: 'Battery assign' }).click();
    const table = page.getByRole('table', { name: 'Batteries you may assign' });
    for (const serial of movedSerials) await table.getByRole('checkbox', { name: `Select battery ${serial}` }).check();
    await chooseOption(page, 'Assign to', 'Birmingham', SETTINGS_SITE);
    await page.getByRole('button', { name: 'Assign 2 batteries' }).click();
    await expect(toast(page, 'Batteries stored')).toContainText(`2 batteries moved to ${SETTINGS_SITE}.`);
    // The table renders only the rows in view: search brings a battery there.
    const search = page.getByRole('textbox', { name: 'Search batteries' });
    for (const serial of movedSerials) {
      await search.fill(serial);
      await expect(table.getByRole('row', { name: new RegExp(serial) })).toContainText(SETTINGS_SITE);
    }

    await page.goto(`/${siteIds[SETTINGS_SITE]}/admin/osadmin`);
    await page.getByRole('tab', { name: 'Battery assign' }).click();
    for (const serial of movedSerials) {
      await search.fill(serial);
      await expect(table.getByRole('row', { name: new RegExp(serial) })).toContainText('This site');
    }

    // They have left the live view of the first site.
    await page.goto(`/${from}/live`);
    const liveView = page.getByRole('main');
    await expect(liveView.getByText(staying, { exact: true })).toBeVisible();
    for (const serial of movedSerials) await expect(liveView.getByText(serial, { exact: true })).toHaveCount(0);
  });

  test('the licence end of two devices is changed in one go', async ({ page, signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds[FLEET_SITE]}/admin/license` });
    const table = page.getByRole('table', { name: 'Device licences' });
    const rows = table.getByRole('row');
    changedDisplayIds = [
      (await rows.nth(1).getByRole('cell').nth(1).textContent()) ?? '',
      (await rows.nth(2).getByRole('cell').nth(1).textContent()) ?? '',
    ];
    for (const displayId of changedDisplayIds) {
      await table.getByRole('checkbox', { name: `Select device ${displayId}` }).check();
    }
    await page.getByRole('button', { name: 'Change end date of 2 devices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Licence end for 2 devices' });
    await dialog.getByLabel('Last day of the licence').fill('2031-06-30');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Licences stored')).toBeVisible();

    await page.reload();
    for (const displayId of changedDisplayIds) {
      const row = table.getByRole('row', { name: new RegExp(displayId) });
      await expect(row).toContainText('06-30-2031');
      await expect(row).toContainText('Valid');
    }
  });

  test('the audit log shows all of it, with the previous values', async ({ page, signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds[SETTINGS_SITE]}/admin/audit` });
    const log = page.getByRole('table', { name: 'Audit log' });
    const settings = log.getByRole('row').filter({ hasText: `Price per kWh: ${CHANGED.pricePerKwh}` });
    await expect(settings).toContainText('Changed site settings');
    await expect(settings).toContainText(`Name: ${SETTINGS_SITE}`);
    await expect(settings).toContainText(`Name: ${CHANGED.name}`);
    await expect(settings).toContainText(`Time zone: ${original.timezone}`);
    await expect(settings).toContainText(`Time zone: ${CHANGED.timezone}`);
    await expect(settings).toContainText(`Currency: ${original.currency}`);
    for (const serial of movedSerials) {
      const move = log.getByRole('row').filter({ hasText: `Battery ${serial}` });
      await expect(move).toContainText('Assigned battery to a site');
      await expect(move).toContainText(`Operating site: ${FLEET_SITE}`);
      await expect(move).toContainText(`Operating site: ${SETTINGS_SITE}`);
    }
    await expect(log.getByRole('row').filter({ hasText: 'Signed in' }).first()).toContainText('admin@cbm.demo');

    await page.goto(`/${siteIds[FLEET_SITE]}/admin/audit`);
    for (const displayId of changedDisplayIds) {
      const change = log.getByRole('row').filter({ hasText: `Display ${displayId}` });
      await expect(change).toContainText('Changed licence end');
      await expect(change).toContainText('Licence end: 06-30-2031');
    }
    await expect(log.getByRole('row').filter({ hasText: 'Assigned battery to a site' })).toHaveCount(2);
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the form shows the German validation messages', async ({ page, signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds['Poznań Logistics Park']}/admin/osadmin` });
    await page.getByRole('textbox', { name: 'Breitengrad' }).fill('95');
    await field(page, 'Preis pro kWh').fill('abc');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Der Wert muss unter 90 liegen')).toBeVisible();
    await expect(page.getByText('Der Wert muss eine Zahl sein (z. B.: 0,1234)')).toBeVisible();
  });
});
