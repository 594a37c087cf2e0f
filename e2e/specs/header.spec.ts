import { NORDLICHT_SITES } from '../support/demo-sites';
import { expect, test } from '../support/fixtures';

test.describe('header', () => {
  test('the theme chosen in the user menu persists across a reload', async ({ page, signIn }) => {
    await signIn('admin');
    const header = page.getByRole('banner').locator('[data-theme-header]');
    const original = await header.evaluate((element) => getComputedStyle(element).backgroundColor);
    const chooseTheme = async (name: string) => {
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name }).click();
    };
    const expectChecked = async (name: string) => {
      await page.getByRole('button', { name: 'User menu' }).click();
      await expect(page.getByRole('menuitem', { name: `${name} (selected)` })).toBeVisible();
      await page.keyboard.press('Escape');
    };

    await chooseTheme('Crown');
    await expect(header).not.toHaveCSS('background-color', original);
    const crown = await header.evaluate((element) => getComputedStyle(element).backgroundColor);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your operating sites', exact: true })).toBeVisible();
    await expect(header).toHaveCSS('background-color', crown);
    await expectChecked('Crown');

    // Back to the default, so the shared demo account looks as the other tests expect.
    await chooseTheme('Default');
    await expect(header).toHaveCSS('background-color', original);
    await page.reload();
    await expect(header).toHaveCSS('background-color', original);
  });

  test('help opens the sidebar with the help of the current page', async ({ page, signIn, siteIds }) => {
    await signIn('operator', { next: `/${siteIds['Hamburg Hafen']}/live` });
    const help = page.getByRole('complementary', { name: 'Help' });
    await expect(help).toBeHidden();

    await page.getByRole('button', { name: 'Help', exact: true }).click();
    await expect(help).toBeInViewport();
    await expect(help.getByRole('heading', { name: 'Live View' })).toBeVisible();
    await expect(help).toContainText('The Live View shows the current state of every battery at this site');

    await help.getByRole('button', { name: 'Close help' }).click();
    await expect(help).toBeHidden();
  });

  test('a page without help says so', async ({ page, signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds['Hamburg Hafen']}/admin/osadmin` });
    await expect(page).toHaveTitle('Edit Operating Site - CBM');
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    await expect(page.getByRole('complementary', { name: 'Help' })).toContainText('no help available');
  });

  test('the site switcher changes the site and keeps the current page', async ({ page, signIn, siteIds }) => {
    await signIn('admin', { next: `/${siteIds['Hamburg Hafen']}/stats/export` });
    await expect(page).toHaveTitle('Data Export - CBM');
    const switcher = page.getByRole('combobox', { name: 'Operating site' });
    await expect(switcher).toHaveValue('Hamburg Hafen');

    await switcher.click();
    await page.getByRole('option', { name: /^Poznań Logistics Park/ }).click();
    await expect(page).toHaveURL(`/${siteIds['Poznań Logistics Park']}/stats/export`);
    await expect(switcher).toHaveValue('Poznań Logistics Park');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Data Export' })).toBeVisible();
  });

  test('the operator can switch only between the sites of their organisation', async ({ page, signIn, siteIds }) => {
    await signIn('operator', { next: `/${siteIds['München Riem']}/report` });
    await page.getByRole('combobox', { name: 'Operating site' }).click();
    const options = page.getByRole('listbox', { name: 'Operating site' }).getByRole('option');
    await expect(options).toHaveCount(Object.keys(NORDLICHT_SITES).length);
    for (const [name, path] of Object.entries(NORDLICHT_SITES)) {
      await expect(options.filter({ hasText: name })).toHaveAccessibleName(`${name} ${path}`);
    }
    await page.getByRole('option', { name: /^Stuttgart Hafen/ }).click();
    await expect(page).toHaveURL(`/${siteIds['Stuttgart Hafen']}/report`);
  });

  test('the brand link returns to the overview', async ({ page, signIn, siteIds }) => {
    await signIn('operator', { next: `/${siteIds['Bremen GVZ']}/alerts` });
    await expect(page).toHaveTitle('Alerts - CBM');
    await page.getByRole('link', { name: 'Overview' }).click();
    await expect(page).toHaveURL('/');
    await expect(page).toHaveTitle('Overview - CBM');
  });
});
