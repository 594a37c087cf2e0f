import type { Page } from '@playwright/test';
import { blockingViolations, describeViolations, MODERATE_AND_WORSE } from '../support/axe';
import type { SiteName } from '../support/demo-sites';
import type { DemoUser } from '../support/demo-users';
import { expect, test } from '../support/fixtures';

/** Each demo user at a site where their menu is full; the blocked user has no site. */
const USERS: { user: DemoUser; site?: SiteName }[] = [
  { user: 'admin', site: 'Wien Süd' },
  { user: 'operator', site: 'München Riem' },
  { user: 'stations', site: 'Hamburg Hafen' },
  { user: 'blocked' },
];

/** Every page the user's menu leads to at the site (groups opened one by one). */
async function menuPaths(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toBeVisible();
  const collapsed = menu.getByRole('button', { expanded: false });
  for (let left = await collapsed.count(); left > 0; left--) {
    await collapsed.first().click();
    await expect(collapsed).toHaveCount(left - 1);
  }
  return menu.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

/** The pages of the site's first battery and first charger-station unit the user may see (they are not in the menu). */
async function devicePaths(page: Page, siteId: number): Promise<string[]> {
  const paths: string[] = [];
  const batteries = await page.request.get(`/api/v2/battery/BatteryLiveView?operatingSiteId=${siteId}`);
  const battery = batteries.ok()
    ? ((await batteries.json()) as { batteries: { batterySerialNumber: string }[] }).batteries[0]
    : undefined;
  if (battery) paths.push(`/${siteId}/batteries/${encodeURIComponent(battery.batterySerialNumber)}`);
  const units = await page.request.get(`/api/v2/mdload/MdLoadLiveView?operatingSiteId=${siteId}`);
  const unit = units.ok() ? ((await units.json()) as { units: { mdLoadSerial: string }[] }).units[0] : undefined;
  if (unit) paths.push(`/${siteId}/mdload/units/${encodeURIComponent(unit.mdLoadSerial)}`);
  return paths;
}

async function expectNoBlockingViolations(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  const violations = await blockingViolations(page, MODERATE_AND_WORSE);
  expect.soft(violations, `${path}:\n${describeViolations(violations)}`).toEqual([]);
}

test.describe('accessibility (axe-core: no moderate, serious or critical violation)', () => {
  // axe-core is injected as a script; the app's Content-Security-Policy would refuse it.
  test.use({ bypassCSP: true });
  for (const { user, site } of USERS) {
    test(`every page the ${user} user reaches`, async ({ page, signIn, siteIds }) => {
      // The admin's menu leads to some twenty pages, each checked whole.
      test.setTimeout(300_000);
      // The site's own address opens the first page the user's menu holds.
      await signIn(user, site ? { next: `/${siteIds[site]}` } : {});
      const paths = site ? [...(await menuPaths(page)), ...(await devicePaths(page, siteIds[site]))] : [];
      for (const path of ['/', '/about', '/alarms', '/account', ...paths]) await expectNoBlockingViolations(page, path);
    });
  }
});
