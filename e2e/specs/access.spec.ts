import { expect, test } from '../support/fixtures';

const notFound = (path: string) =>
  `There is no page at ${path}, or no operating site with this number that your account may see. Check the address or go back to the overview.`;

test.describe('typed URLs the operator may not open say so: not found, or no access with whom to ask', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn('operator');
  });

  for (const [what, site, path] of [
    ['a site of another organisation', 'Wien Süd', 'live'],
    ['a site of another organisation, deep link', 'Birmingham Central', 'stats/export'],
  ] as const) {
    test(what, async ({ page, siteIds }) => {
      await page.goto(`/${siteIds[site]}/${path}`);
      await expect(page).toHaveURL(/\/not-found\?path=/);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page.getByText(notFound(`/${siteIds[site]}/${path}`))).toBeVisible();
    });
  }

  for (const [what, path, title] of [
    ['the expert battery list (no cbm_view)', 'expert/battery_list', 'Battery List'],
    ['the site settings (no cbm_osadmin)', 'admin/osadmin', 'Edit Operating Site'],
    ['charger-station pages (no cbm_md* feature)', 'mdload/live', 'Charger stations: Live View'],
  ] as const) {
    test(what, async ({ page, siteIds }) => {
      await page.goto(`/${siteIds['Hamburg Hafen']}/${path}`);
      await expect(page).toHaveURL(/\/403\?page=/);
      await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
      await expect(
        page.getByText(`You are signed in as Otto Operator, but your account may not open “${title}” at this site.`),
      ).toBeVisible();
      await expect(page.getByText(/Ask the administrator of your organisation/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await page.getByRole('link', { name: 'Back to the overview' }).click();
      await expect(page.getByRole('heading', { name: 'Your operating sites', exact: true })).toBeVisible();
    });
  }

  test('a site that does not exist', async ({ page }) => {
    await page.goto('/999999/live');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
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

test('an unknown path says so where it was typed, in both languages', async ({ page, signIn, siteIds }) => {
  await signIn('admin');
  await page.goto('/no/such/page');
  // Its first segment stands where a site id would: an unknown site goes to the not-found page naming the path.
  await expect(page).toHaveURL('/not-found?path=%2Fno%2Fsuch%2Fpage');
  await expect(page).toHaveTitle('Page not found - CBM');
  await expect(page.getByText(notFound('/no/such/page'))).toBeVisible();
  await page.goto(`/${siteIds['Wien Süd']}/no-such-page`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });
  test('an unknown path and a refused page', async ({ page, signIn, siteIds }) => {
    await signIn('operator', { next: '/no/such/page' });
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
    await page.goto(`/${siteIds['Hamburg Hafen']}/admin/osadmin`);
    await expect(page.getByRole('heading', { name: 'Kein Zugriff' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  });
});
