import { expect, test } from '../support/fixtures';

test.describe('typed URLs the operator may not open end on the overview', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn('operator');
  });

  for (const [what, site, path] of [
    ['a site of another organisation', 'Wien Süd', 'live'],
    ['a site of another organisation, deep link', 'Birmingham Central', 'stats/export'],
    ['the expert battery list (no cbm_view)', 'Hamburg Hafen', 'expert/battery_list'],
    ['the site settings (no cbm_osadmin)', 'Hamburg Hafen', 'admin/osadmin'],
    ['charger-station pages (no cbm_md* feature)', 'Hamburg Hafen', 'mdload/live'],
  ] as const) {
    test(what, async ({ page, siteIds }) => {
      await page.goto(`/${siteIds[site]}/${path}`);
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { name: 'Your operating sites', exact: true })).toBeVisible();
    });
  }

  test('a site that does not exist', async ({ page }) => {
    await page.goto('/999999/live');
    await expect(page).toHaveURL('/');
  });

  test('while a page they may use opens', async ({ page, siteIds }) => {
    await page.goto(`/${siteIds['Stuttgart Hafen']}/report`);
    await expect(page.getByRole('main').getByRole('heading', { name: 'Reporting' })).toBeVisible();
    await expect(page).toHaveURL(`/${siteIds['Stuttgart Hafen']}/report`);
  });
});

test('the admin may open the same pages', async ({ page, signIn, siteIds }) => {
  await signIn('admin', { next: `/${siteIds['Wien Süd']}/expert/battery_list` });
  await expect(page.getByRole('main').getByRole('heading', { name: 'Battery List' })).toBeVisible();
  await page.goto(`/${siteIds['Hamburg Hafen']}/admin/osadmin`);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Edit Operating Site' })).toBeVisible();
});

test('an unknown path goes to the overview', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('Overview - CBM');
});
