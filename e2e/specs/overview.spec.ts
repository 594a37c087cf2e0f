import type { Locator } from '@playwright/test';
import { ALL_SITES, NORDLICHT_SITES } from '../support/demo-sites';
import { expect, test } from '../support/fixtures';

/** Sites shown on the map: a marker counts one, a cluster the number it shows. */
async function sitesOnMap(map: Locator) {
  const markers = map.getByRole('button', { name: /^(?!Zoom (in|out)$)/ });
  const labels = await markers.allTextContents();
  return labels.reduce((sum, label) => sum + (Number(label) || 1), 0);
}

async function expectSiteList(list: Locator, sites: Record<string, string>) {
  await expect(list.getByRole('button')).toHaveCount(Object.keys(sites).length);
  for (const [name, path] of Object.entries(sites)) {
    await expect(list.getByRole('button', { name: `${name} ${path}`, exact: true })).toBeVisible();
  }
}

test.describe('overview', () => {
  test('the admin sees all ten sites on the map and in the list, with their paths', async ({
    page,
    signIn,
    foreignRequests,
  }) => {
    await signIn('admin');
    await expect(page).toHaveTitle('Overview - CBM');
    const map = page.getByRole('region', { name: 'Map of operating sites' });
    await expect(map).toBeVisible();
    await expect(map.getByRole('button', { name: 'Göteborg Hamn' })).toBeVisible();
    await expect.poll(() => sitesOnMap(map)).toBe(10);
    await expectSiteList(page.getByRole('table', { name: 'Operating sites' }), ALL_SITES);
    // The map tiles come from the internet, which is unreachable here: the page works without them.
    await expect.poll(() => foreignRequests.some((url) => url.includes('tile.openstreetmap.org'))).toBe(true);
  });

  test('the operator sees only the four sites of their organisation', async ({ page, signIn }) => {
    await signIn('operator');
    const map = page.getByRole('region', { name: 'Map of operating sites' });
    await expect.poll(() => sitesOnMap(map)).toBe(4);
    const list = page.getByRole('table', { name: 'Operating sites' });
    await expectSiteList(list, NORDLICHT_SITES);
    await page.getByRole('textbox', { name: 'Search operating sites' }).fill('hafen');
    await expect(list.getByRole('button')).toHaveCount(2);
  });

  test('choosing a site in the list enters its live view (admin)', async ({ page, signIn, siteIds }) => {
    await signIn('admin');
    await page.getByRole('button', { name: /^Linz Hafen/ }).click();
    await expect(page).toHaveURL(`/${siteIds['Linz Hafen']}/live`);
    await expect(page.getByRole('combobox', { name: 'Operating site' })).toHaveValue('Linz Hafen');
    await expect(page).toHaveTitle('Live View - CBM');
  });

  test('choosing a site in the list enters its live view (operator)', async ({ page, signIn, siteIds }) => {
    await signIn('operator');
    await page.getByRole('button', { name: /^Bremen GVZ/ }).click();
    await expect(page).toHaveURL(`/${siteIds['Bremen GVZ']}/live`);
    await expect(page.getByRole('main').getByRole('heading', { name: 'Live View' })).toBeVisible();
  });

  test('a marker on the map opens a popup that enters the site', async ({ page, signIn, siteIds }) => {
    await signIn('admin');
    const map = page.getByRole('region', { name: 'Map of operating sites' });
    await map.getByRole('button', { name: 'Göteborg Hamn' }).click();
    await map.getByRole('button', { name: 'Open site' }).click();
    await expect(page).toHaveURL(`/${siteIds['Göteborg Hamn']}/live`);
  });
});
