import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Changes groups and names at Zürich Altstetten, which no other spec looks at; the tests build on each other.
test.describe.configure({ mode: 'serial' });

const SITE = 'Zürich Altstetten';
const GROUP = '00 E2E shift';
const RENAMED_GROUP = '00 E2E late shift';

interface BatteryFlags {
  batteryName: string;
  batterySerialNumber: string;
  hasCurrentError: boolean;
  errorWithin24h: boolean;
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const search = (page: Page, text: string) =>
  page.getByRole('textbox', { name: 'Search battery name or serial' }).fill(text);
const section = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const batteryActions = (page: Page, name: string) =>
  page.getByRole('button', { name: `Actions for battery ${name}`, exact: true });

async function createGroup(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add group' }).click();
  await page.getByRole('textbox', { name: 'Group name' }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `Group ${name} has been created`)).toBeVisible();
}

test.describe('battery live view', () => {
  let moved: string;

  test.beforeEach(async ({ signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds[SITE]}/live` });
  });

  test('grid or list is remembered across a reload', async ({ page }) => {
    await expect(page.getByRole('radio', { name: 'Grid view' })).toBeChecked();
    await page.getByText('List view', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'List view' })).toBeChecked();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'List view' })).toBeChecked();
    await page.getByText('Grid view', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Grid view' })).toBeChecked();
  });

  test('a battery dragged into a new group stays there after a reload', async ({ page }) => {
    await createGroup(page, GROUP);
    await expect(page.getByRole('heading', { name: GROUP })).toBeVisible();
    const battery = page.getByRole('article').first();
    moved = (await battery.getAttribute('aria-label')) as string;
    await battery.dragTo(page.getByRole('heading', { name: GROUP }));
    await expect(toast(page, `${moved} has been moved to ${GROUP}`)).toBeVisible();
    await page.reload();
    await expect(section(page, GROUP).getByRole('article', { name: moved })).toBeVisible();
  });

  test('a group is renamed, then deleted: its batteries land in Ungrouped', async ({ page }) => {
    await page.getByRole('button', { name: `Actions for group ${GROUP}` }).click();
    await page.getByRole('menuitem', { name: 'Rename group' }).click();
    await page.getByRole('textbox', { name: 'Group name' }).fill(RENAMED_GROUP);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: RENAMED_GROUP })).toBeVisible();

    await page.getByRole('button', { name: `Actions for group ${RENAMED_GROUP}` }).click();
    await page.getByRole('menuitem', { name: 'Delete group' }).click();
    await expect(page.getByText('Its batteries move to Ungrouped.')).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('heading', { name: RENAMED_GROUP })).toHaveCount(0);
    await search(page, moved);
    await expect(section(page, 'Ungrouped').getByRole('article', { name: moved })).toBeVisible();
  });

  test("'Move to group' from the keyboard, then back to Ungrouped", async ({ page }) => {
    await createGroup(page, GROUP);
    await search(page, moved);
    await batteryActions(page, moved).press('Enter');
    await page.getByRole('menuitem', { name: GROUP }).click();
    await expect(section(page, GROUP).getByRole('article', { name: moved })).toBeVisible();
    await batteryActions(page, moved).click();
    await page.getByRole('menuitem', { name: 'Ungrouped' }).click();
    await expect(section(page, 'Ungrouped').getByRole('article', { name: moved })).toBeVisible();
  });

  test('a battery is renamed; search finds it, and says when nothing matches', async ({ page }) => {
    await search(page, moved);
    await batteryActions(page, moved).click();
    await page.getByRole('menuitem', { name: 'Rename battery' }).click();
    const name = page.getByRole('textbox', { name: 'Battery name', exact: true });
    await name.fill('');
    await expect(page.getByText('This value is required')).toBeVisible();
    await name.fill(`${moved} renamed`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `Battery has been renamed to ${moved} renamed`)).toBeVisible();
    await search(page, 'renamed');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article', { name: `${moved} renamed` })).toBeVisible();
    await search(page, 'no battery is called this');
    await expect(page.getByText('Nothing found.')).toBeVisible();
  });

  test('the CSV download is battery-list.csv with a BOM and English headers', async ({ page }) => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('battery-list.csv');
    const text = await readFile((await download.path()) as string, 'utf8');
    expect(text.startsWith('\uFEFFBattery name,Serial number,Group,')).toBe(true);
    expect(text).toContain(`${moved} renamed,`);
    expect(text.trimEnd().split('\r\n')).toHaveLength(31);
  });

  test("'Update data' asks the simulated battery and reports the result", async ({ page }) => {
    await search(page, `${moved} renamed`);
    await batteryActions(page, `${moved} renamed`).click();
    await page.getByRole('menuitem', { name: 'Update data' }).click();
    await expect(toast(page, `Battery ${moved} renamed is`)).toContainText(/is updated|is already up to date/, {
      timeout: 20_000,
    });
  });
});

test('errors: status error for a current one, the triangle leads to the filter view', async ({
  page,
  signIn,
  siteIds,
}) => {
  const siteId = siteIds['Hamburg Hafen'];
  await signIn('admin', { next: `/${siteId}/live` });
  const list = await page.request.get(`/api/v2/battery/BatteryLiveView?operatingSiteId=${siteId}`);
  const { batteries } = (await list.json()) as { batteries: BatteryFlags[] };
  const failing = batteries.find((battery) => battery.hasCurrentError) as BatteryFlags;
  await search(page, failing.batteryName);
  await expect(page.getByRole('article', { name: failing.batteryName, exact: true })).toContainText('error');

  const recent = batteries.find((battery) => battery.errorWithin24h) as BatteryFlags;
  await search(page, recent.batteryName);
  await page
    .getByRole('article', { name: recent.batteryName, exact: true })
    .getByRole('link', { name: 'Error in the last 24 hours: show the error list' })
    .click();
  await expect(page).toHaveURL(`/${siteId}/expert/filter/${recent.batterySerialNumber}`);
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the live view speaks German', async ({ page, signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds[SITE]}/live` });
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText('Live-Ansicht');
    await expect(page.getByRole('radio', { name: 'Kachelansicht' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'CSV herunterladen' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Batteriename oder Seriennummer suchen' }).fill('nichts dergleichen');
    await expect(page.getByText('Nichts gefunden.')).toBeVisible();
  });
});
