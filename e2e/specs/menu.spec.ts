import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** Opens every collapsed group of the menu, one at a time. */
async function expandAll(menu: Locator) {
  // The menu appears once the user's rules at the site are known, complete.
  await expect(menu).toBeVisible();
  const collapsed = menu.getByRole('button', { expanded: false });
  for (let left = await collapsed.count(); left > 0; left--) {
    await collapsed.first().click();
    await expect(collapsed).toHaveCount(left - 1);
  }
}

test.describe('main menu', () => {
  test('the admin sees both areas with every entry', async ({ page, signIn, siteIds }) => {
    const site = siteIds['Wien Süd'];
    await signIn('admin', { next: `/${site}/live` });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expandAll(menu);
    await expect(menu).toMatchAriaSnapshot(`
      - /children: equal
      - paragraph: Batteries
      - link "Live View":
        - /url: /${site}/live
      - button "Statistics" [expanded]
      - link "Statistics":
        - /url: /${site}/stats/statistics
      - link "Data Export":
        - /url: /${site}/stats/export
      - link "Battery care":
        - /url: /${site}/stats/care
      - link "Alerts":
        - /url: /${site}/alerts
      - link "Alarm inbox":
        - /url: /${site}/alarms
      - link "Reporting":
        - /url: /${site}/report
      - button "Expert" [expanded]
      - link "Battery List":
        - /url: /${site}/expert/battery_list
      - link "Filter View":
        - /url: /${site}/expert/filter
      - link "Datalog":
        - /url: /${site}/expert/datalog
      - button "Admin" [expanded]
      - link "Edit Operating Site":
        - /url: /${site}/admin/osadmin
      - link "Change Device Licences":
        - /url: /${site}/admin/license
      - link "Audit log":
        - /url: /${site}/admin/audit
      - link "Devices":
        - /url: /${site}/admin/devices
      - link "Users":
        - /url: /${site}/admin/users
      - link "Firmware campaigns":
        - /url: /${site}/admin/campaigns
      - paragraph: Charger stations
      - link "Live View":
        - /url: /${site}/mdload/live
      - button "Statistics" [expanded]
      - link "Consumption":
        - /url: /${site}/mdload/stats/consumption
      - link "Start SoC":
        - /url: /${site}/mdload/stats/start-soc
      - link "Alerts":
        - /url: /${site}/mdload/alerts
      - link "Events":
        - /url: /${site}/mdload/events
    `);
  });

  test('the operator sees only Live View, Statistics, Alerts, the alarm inbox and Reporting of the battery area', async ({
    page,
    signIn,
    siteIds,
  }) => {
    const site = siteIds['München Riem'];
    await signIn('operator', { next: `/${site}/live` });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expandAll(menu);
    await expect(menu).toMatchAriaSnapshot(`
      - /children: equal
      - paragraph: Batteries
      - link "Live View":
        - /url: /${site}/live
      - button "Statistics" [expanded]
      - link "Statistics":
        - /url: /${site}/stats/statistics
      - link "Data Export":
        - /url: /${site}/stats/export
      - link "Battery care":
        - /url: /${site}/stats/care
      - link "Alerts":
        - /url: /${site}/alerts
      - link "Alarm inbox":
        - /url: /${site}/alarms
      - link "Reporting":
        - /url: /${site}/report
    `);
  });

  test('a menu entry opens its page and marks it current', async ({ page, signIn, siteIds }) => {
    const site = siteIds['Hamburg Hafen'];
    await signIn('operator', { next: `/${site}/live` });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'Statistics' }).click();
    await menu.getByRole('link', { name: 'Data Export' }).click();
    await expect(page).toHaveURL(`/${site}/stats/export`);
    await expect(page).toHaveTitle('Data Export - CBM');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Data Export' })).toBeVisible();
  });
});
