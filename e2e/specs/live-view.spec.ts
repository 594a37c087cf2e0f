import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { publishBatteryStatus, publishBatteryTelemetry } from '../support/device-publisher';
import { expect, test } from '../support/fixtures';
import { viewSegment } from '../support/view-switch';

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
  page.getByRole('combobox', { name: 'Search battery name or serial' }).fill(text);
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
    await viewSegment(page, 'List view').click();
    await expect(page.getByRole('radio', { name: 'List view' })).toBeChecked();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'List view' })).toBeChecked();
    await viewSegment(page, 'Grid view').click();
    await expect(page.getByRole('radio', { name: 'Grid view' })).toBeChecked();
  });

  test('a battery dragged into a new group stays there after a reload', async ({ page, siteIds }) => {
    await createGroup(page, GROUP);
    await expect(page.getByRole('heading', { name: GROUP })).toBeVisible();
    // One that answers 'Update data' at the end: connected now. A battery whose IoT module is switched off never
    // answers; its card shows 'offline' even when it had an error, its last one (decision 139; Stapler 01 in CI).
    // The list renders only the cards near the screen, so the first such card on it.
    const list = await page.request.get(`/api/v2/battery/BatteryLiveView?operatingSiteId=${siteIds[SITE]}`);
    const { batteries } = (await list.json()) as { batteries: (BatteryFlags & { online: boolean | null })[] };
    const connected = new Set(batteries.filter((candidate) => candidate.online === true).map((b) => b.batteryName));
    const shown = await page
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
    moved = shown.find((name) => name !== null && connected.has(name)) as string;
    const battery = page.getByRole('article', { name: moved, exact: true });
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
    // The simulated battery may be in one of its network drop-outs (CI: 'Waiting for fresh data… 41 s left' after
    // 20 s): it answers once back, within the 60 s the portal waits.
    test.setTimeout(90_000);
    await search(page, `${moved} renamed`);
    await batteryActions(page, `${moved} renamed`).click();
    await page.getByRole('menuitem', { name: 'Update data' }).click();
    await expect(toast(page, `Battery ${moved} renamed is`)).toContainText(/is updated|is already up to date/, {
      timeout: 65_000,
    });
    // The card itself tells the result, as a status named after its battery.
    const card = page.getByRole('article', { name: `${moved} renamed`, exact: true });
    await expect(card.getByRole('status', { name: `Update data for ${moved} renamed:` })).toHaveText(
      /^(Data updated|Data already up to date)$/,
    );
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
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Live-Ansicht');
    await expect(page.getByRole('radio', { name: 'Kachelansicht' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'CSV herunterladen' })).toBeVisible();
    // The longer German labels still leave the toolbar on one line at 1280 px: search and last button side by side.
    const searchField = page.getByRole('combobox', { name: 'Batteriename oder Seriennummer suchen' });
    const searchTop = (await searchField.boundingBox())?.y;
    expect((await page.getByRole('button', { name: 'CSV herunterladen' }).boundingBox())?.y).toBe(searchTop);
    await searchField.fill('nichts dergleichen');
    await expect(page.getByText('Nichts gefunden.')).toBeVisible();
  });
});

// Live updates at Wien Süd (Europe/Vienna), whose live view no other spec looks at. The browser runs in another
// time zone than the site, so that a time shown in the browser's zone would be noticed.
test.describe('live updates', () => {
  const LIVE_SITE = 'Wien Süd';
  const LIVE_SITE_ZONE = 'Europe/Vienna';
  test.use({ timezoneId: 'America/New_York' });

  // Its offline batteries have their IoT module switched off: the simulator leaves them silent.
  const SILENT_SITE = 'Bremen GVZ';

  interface LiveBattery {
    batteryName: string;
    batterySerialNumber: string;
    soc: number | null;
    status: string;
  }

  const liveBatteries = async (page: Page, siteId: number) => {
    const response = await page.request.get(`/api/v2/battery/BatteryLiveView?operatingSiteId=${siteId}`);
    return ((await response.json()) as { batteries: LiveBattery[] }).batteries;
  };
  const batteryPath = (siteId: number, serial: string) =>
    `/api/v2/battery/BatteryLiveView/${serial}?operatingSiteId=${siteId}`;

  /** MM-DD-YYYY HH:mm, as the clocks show the instant in the time zone. */
  function englishDateTime(instant: Date, timeZone: string): string {
    // Swedish short dates are ISO-like: 2026-11-21 20:51.
    const iso = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(instant);
    const [, year, month, day, time] = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})$/.exec(iso) ?? [];
    return `${month}-${day}-${year} ${time}`;
  }

  test('suggests batteries while typing; choosing one shows just that battery', async ({ page, signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds[LIVE_SITE]}/live` });
    await search(page, 'stapler 1');
    await expect(page.getByRole('option')).toHaveCount(10);
    await page.getByRole('option', { name: /^Stapler 12/ }).click();
    await expect(page.getByRole('combobox', { name: 'Search battery name or serial' })).toHaveValue('Stapler 12');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article', { name: 'Stapler 12', exact: true })).toBeVisible();
  });

  test('new telemetry shows without a reload, its time in the site’s time zone', async ({ page, signIn, siteIds }) => {
    const siteId = siteIds[LIVE_SITE];
    await signIn('admin', { next: `/${siteId}/live` });
    await expect(page.getByText(`Times in the site's time zone, ${LIVE_SITE_ZONE}`)).toBeVisible();
    const battery = (await liveBatteries(page, siteId))[0] as LiveBattery;
    const serial = battery.batterySerialNumber;
    const card = page.getByRole('article', { name: battery.batteryName, exact: true });
    await search(page, serial);
    await expect(card).toBeVisible();

    const details = await page.request.get(`/api/v2/battery/BatteryList/${serial}?operatingSiteId=${siteId}`);
    const { lastData } = (await details.json()) as { lastData: Record<string, unknown> };
    const soc = battery.soc === 7 ? 93 : 7;
    // 4 s ahead, within the 5 s a device clock may run ahead (decision 022): the simulated battery's own samples
    // of the next seconds, older, do not replace this one while the test looks.
    const ts = new Date(Date.now() + 4_000);
    await publishBatteryTelemetry(serial, lastData, { ts, soc });
    await expect(card).toContainText(`${soc} %`);
    await expect(card).toContainText(englishDateTime(ts, LIVE_SITE_ZONE));
  });

  test("'Attention!' shows when many of the site's batteries went offline together", async ({
    page,
    signIn,
    siteIds,
  }) => {
    const siteId = siteIds[LIVE_SITE];
    await signIn('admin', { next: `/${siteId}/live` });
    const batteries = await liveBatteries(page, siteId);
    // 8 of 30: over the rule's share (20 %) and minimum (3) of docs/decisions/008-network-banner.md. Dated 4 s
    // ahead (within the 5 s a device clock may run ahead, decision 022), so that the simulated batteries' samples
    // of the next seconds (older) do not bring them back online before the page shows them; then they come back.
    const offlineAt = new Date(Date.now() + 4_000);
    for (const battery of batteries.slice(-8))
      await publishBatteryStatus(battery.batterySerialNumber, false, offlineAt);
    await page.reload();
    const banner = page.getByRole('alert').filter({ hasText: 'Attention!' });
    await expect(banner).toContainText('Devices at this site are experiencing mobile network connection problems');
    await expect(banner).toContainText(/\d+ of \d+ went offline in the last 10 minutes/);
  });

  test("'Update data' gives up after 60 s when the battery does not answer", async ({ page, signIn, siteIds }) => {
    test.setTimeout(90_000);
    const siteId = siteIds[SILENT_SITE];
    await page.clock.install();
    await signIn('admin', { next: `/${siteId}/live` });
    const battery = (await liveBatteries(page, siteId)).find((entry) => entry.status === 'offline') as LiveBattery;
    await search(page, battery.batteryName);
    const path = batteryPath(siteId, battery.batterySerialNumber);
    const answer = page.waitForResponse((response) => response.url().endsWith(path.replace('?', '/update?')));
    const firstRead = page.waitForResponse((response) => response.url().endsWith(path));
    await batteryActions(page, battery.batteryName).click();
    await page.getByRole('menuitem', { name: 'Update data' }).click();
    // Its data is hours old, so the server sends the refresh command; nobody answers it.
    expect(((await (await answer).json()) as { upToDate: boolean }).upToDate).toBe(false);
    // Once the screen has read the battery, its 60 s have begun on the page's clock.
    await firstRead;
    const card = page.getByRole('article', { name: battery.batteryName, exact: true });
    const status = card.getByRole('status', { name: `Update data for ${battery.batteryName}:` });
    // The page's clock also runs on by itself: the count down is compared, not its exact seconds.
    const secondsLeft = async () => Number(/(\d+) s left$/.exec((await status.textContent()) ?? '')?.[1]);
    await expect(status).toHaveText(/^Waiting for fresh data… \d+ s left$/);
    const before = await secondsLeft();
    await page.clock.fastForward('00:30');
    await expect.poll(secondsLeft).toBeLessThanOrEqual(before - 30);
    await page.clock.fastForward('00:31');
    await expect(
      toast(page, `Battery ${battery.batteryName} did not answer within 60 seconds. Please try again later.`),
    ).toBeVisible();
    await expect(status).toHaveText('No answer within 60 s');
    await expect(status).toHaveAccessibleName(`Update data for ${battery.batteryName}: No answer within 60 s`);
  });
});
