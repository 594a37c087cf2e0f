import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demo-users';
import { expect, test } from '../support/fixtures';

/** Presses Tab until the focused element's accessible text is `name`; fails after `limit` presses. */
async function tabTo(page: Page, name: string, limit = 80) {
  for (let pressed = 0; pressed < limit; pressed++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === name) return;
  }
  throw new Error(`"${name}" was not reached with ${limit} presses of Tab`);
}

test('keyboard only: sign in, open the live view of a site, then the filter view', async ({ page, siteIds }) => {
  const site = siteIds['Wien Süd'];
  await page.goto(`/signin?next=/${site}/live`);
  await page.getByRole('textbox', { name: 'E-mail address' }).focus();
  await page.keyboard.type(DEMO_USERS.admin);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Live View' })).toBeVisible();

  await tabTo(page, 'Expert');
  await page.keyboard.press('Enter');
  // The group opens with an animation; Tab skips links that are not shown yet.
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Filter View' }),
  ).toBeVisible();
  await tabTo(page, 'Filter View');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Filter View');
  await expect(page).toHaveURL(`/${site}/expert/filter`);
});

test('the first Tab offers a skip link; past it the live view search is the next stop', async ({
  page,
  signIn,
  siteIds,
}) => {
  await signIn('admin', { next: `/${siteIds['Wien Süd']}/live` });
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Live View' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  for (let pressed = 0; pressed < 3; pressed++) {
    await page.keyboard.press('Tab');
    // Asked of the page at once: a locator would wait for a text box that may not have that role (a search field).
    if (
      await page.evaluate(() => document.activeElement?.tagName === 'INPUT' && !!document.activeElement.closest('main'))
    ) {
      return;
    }
  }
  throw new Error('the live view search was not among the first three Tab stops after the skip link');
});
