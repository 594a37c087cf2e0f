import type { Page } from '@playwright/test';
import { blockingViolations, describeViolations } from '../support/axe';
import { publishBatteryEvent } from '../support/device-publisher';
import { expect, test } from '../support/fixtures';

/** The four sizes of issue 49: desktop, small laptop, tablet in portrait, phone. */
const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '1024', width: 1024, height: 768 },
  { name: '768 portrait', width: 768, height: 1024 },
  { name: '390', width: 390, height: 844 },
] as const;

type Opener = (page: Page) => Promise<void>;
const button =
  (name: string | RegExp): Opener =>
  (page) =>
    page.getByRole('main').getByRole('button', { name }).first().click();
const menuItem =
  (menu: RegExp, item: string | RegExp): Opener =>
  async (page) => {
    await page.getByRole('main').getByRole('button', { name: menu }).first().click();
    await page.getByRole('menuitem', { name: item }).click();
    // The menu fades out as the dialog opens; what stays is the dialog alone.
    await expect(page.getByRole('menu')).toHaveCount(0);
  };

/** Registers a device of its own (a new serial each time): the credentials dialog shows what it was given. */
const registerDevice: Opener = async (page) => {
  await page.getByRole('textbox', { name: 'Serial number' }).fill(`A11Y-${Date.now()}`);
  await page.getByRole('textbox', { name: 'Type', exact: true }).fill('LFP 48V test');
  await page.getByRole('main').getByRole('button', { name: 'Register' }).click();
};

/**
 * Every route of apps/web/src/app/route-table.ts (a redirect by the page it leads to), each with the dialogs its
 * page opens. `{battery}`, `{unit}` and `{campaign}` are the site's first battery, charger-station unit and campaign.
 */
const TOP_ROUTES: Record<string, Opener[]> = {
  '/': [],
  '/overview': [],
  '/about': [],
  '/alarms': [button(/^Acknowledge the alarm of/)],
  '/account': [],
  '/403': [],
  '/no-such-page': [],
};
const BATTERY_ROUTES: Record<string, Opener[]> = {
  live: [button('Add group')],
  'batteries/{battery}': [button('Rename battery'), button('Software update')],
  'stats/statistics': [],
  'stats/export': [],
  'stats/care': [],
  alerts: [button('Add alert'), button('Add threshold rule')],
  alarms: [button(/^Acknowledge the alarm of/)],
  report: [button('Add scheduled report')],
  'expert/battery_list': [],
  'expert/filter': [button('Save filter')],
  'expert/datalog': [],
  'expert/profile/{battery}': [],
  'admin/osadmin': [],
  'admin/license': [],
  'admin/devices': [registerDevice, button('Revoke')],
  'admin/users': [button('Invite user')],
  'admin/campaigns': [],
  'admin/campaigns/{campaign}': [],
  'admin/audit': [],
};
const STATION_ROUTES: Record<string, Opener[]> = {
  'mdload/live': [menuItem(/^Actions for charging station/, 'Assign charger')],
  'mdload/units/{unit}': [],
  'mdload/stats/consumption': [],
  'mdload/stats/start-soc': [],
  'mdload/alerts': [button('Add alert')],
  'mdload/events': [button('Save filter')],
};

async function firstOf<T>(page: Page, url: string, pick: (body: T) => string | number | undefined) {
  const response = await page.request.get(url);
  return response.ok() ? pick((await response.json()) as T) : undefined;
}

/** The site's paths with their placeholders filled; a route whose placeholder has no value is left out. */
async function sitePaths(page: Page, siteId: number, routes: Record<string, Opener[]>) {
  const values: Record<string, string | number | undefined> = {
    battery: await firstOf<{ batteries: { batterySerialNumber: string }[] }>(
      page,
      `/api/v2/battery/BatteryLiveView?operatingSiteId=${siteId}`,
      (body) => body.batteries[0]?.batterySerialNumber,
    ),
    unit: await firstOf<{ units: { mdLoadSerial: string }[] }>(
      page,
      `/api/v2/mdload/MdLoadLiveView?operatingSiteId=${siteId}`,
      (body) => body.units[0]?.mdLoadSerial,
    ),
    campaign: await firstOf<{ campaigns: { id: number }[] }>(
      page,
      `/api/v2/firmware/campaigns?operatingSiteId=${siteId}`,
      (body) => body.campaigns[0]?.id,
    ),
  };
  return Object.entries(routes).flatMap(([route, openers]) => {
    const names = [...route.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
    if (names.some((name) => values[name] === undefined)) return [];
    const path = route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
    return [{ path: `/${siteId}/${path}`, openers }];
  });
}

/**
 * An open alarm at the site for the inbox's acknowledge dialog: the demo's seeded alarms clear as its batteries
 * recover (after 20 minutes none was left at Wien Süd). An error rule for the site's first battery and an error of a
 * code made up for the run; returns what clears the error and deletes the rule again.
 */
async function openAlarmAt(page: Page, siteId: number) {
  const batteries = await page.request.get(`/api/v2/Alert/filter/batteries?operatingSiteId=${siteId}`);
  const serial = ((await batteries.json()) as { batterySerialNumber: string }[])[0]?.batterySerialNumber;
  if (!serial) throw new Error(`site ${siteId} has no battery`);
  const rule = await page.request.post('/api/v2/Alert', {
    data: {
      operatingSiteId: siteId,
      name: `Accessibility e2e ${Date.now()}`,
      alertOnError: true,
      batterySerials: [serial],
      emails: ['alarms@example.com'],
    },
  });
  expect(rule.status()).toBe(201);
  const { id } = (await rule.json()) as { id: number };
  const error = { type: 'error', code: `AX${Date.now().toString(36).toUpperCase()}`, description: 'Accessibility e2e' };
  await publishBatteryEvent(serial, error);
  return async () => {
    await publishBatteryEvent(serial, { ...error, active: false });
    await page.request.delete(`/api/v2/Alert/${id}`);
  };
}

async function expectNothingSerious(page: Page, where: string) {
  const violations = await blockingViolations(page);
  expect.soft(violations, `${where}:\n${describeViolations(violations)}`).toEqual([]);
}

/** Checks the page at rest, then with each of its dialogs open (closed again with Escape). */
async function checkPage(page: Page, size: string, path: string, openers: Opener[]) {
  await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expectNothingSerious(page, `${size} ${path}`);
  for (const [index, open] of openers.entries()) {
    await open(page);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectNothingSerious(page, `${size} ${path} dialog ${index + 1}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
}

test.describe('accessibility at four sizes (axe-core, every impact run: no serious or critical finding)', () => {
  // axe-core is injected as a script; the app's Content-Security-Policy would refuse it.
  // A missing opener fails within seconds rather than at the test's end.
  test.use({ bypassCSP: true, actionTimeout: 10_000 });
  for (const size of SIZES) {
    test(`every route and dialog at ${size.name} px`, async ({ page, signIn, siteIds }) => {
      // 1.4-1.8 min a size at a load average of 3 on two cores (2026-12-06); axe took up to 77 s a page at 17-39.
      test.setTimeout(420_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn('admin');
      const closeAlarm = await openAlarmAt(page, siteIds['Wien Süd']);
      const pages = [
        ...Object.entries(TOP_ROUTES).map(([path, openers]) => ({ path, openers })),
        ...(await sitePaths(page, siteIds['Wien Süd'], BATTERY_ROUTES)),
        ...(await sitePaths(page, siteIds['Hamburg Hafen'], STATION_ROUTES)),
      ];
      try {
        for (const { path, openers } of pages) await checkPage(page, size.name, path, openers);
      } finally {
        await closeAlarm();
      }
    });
  }
});
