import { DEMO_USERS, submitSignIn } from '../support/demo-users';
import { expect, test } from '../support/fixtures';

test.describe('a browser with locale de-DE', () => {
  test.use({ locale: 'de-DE' });

  test('gets the German sign-in page and its German error message', async ({ page }) => {
    await submitSignIn(page, DEMO_USERS.admin, { language: 'de', password: 'falsch' });
    await expect(page.getByRole('heading', { name: 'Bei CBM anmelden' })).toBeVisible();
    await expect(page).toHaveTitle('Anmelden - CBM');
    await expect(page.getByRole('alert')).toHaveText('E-Mail-Adresse oder Passwort ist falsch.');
  });

  test('gets the German interface', async ({ page, signInThroughPage, siteIds }) => {
    await signInThroughPage('operator');
    await expect(page.getByRole('heading', { name: 'Ihre Betriebsstätten', exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Übersicht - CBM');
    await expect(page.getByRole('region', { name: 'Karte der Betriebsstätten' })).toBeVisible();

    await page.getByRole('button', { name: /^Hamburg Hafen/ }).click();
    await expect(page).toHaveURL(`/${siteIds['Hamburg Hafen']}/live`);
    await expect(page).toHaveTitle('Live-Ansicht - CBM');
    const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
    await expect(menu.getByRole('link', { name: 'Live-Ansicht' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Berichte' })).toBeVisible();
    await expect(menu.getByText('Batterien')).toBeVisible();
  });

  test('a user without features reads the access-denied page in German', async ({ page, signIn }) => {
    await signIn('blocked');
    await expect(page).toHaveURL('/403');
    await expect(page.getByRole('heading', { name: 'Kein Zugriff' })).toBeVisible();
  });
});

// The choice is stored on the admin's account: the test ends by choosing English again, so later specs start in English.
test('the language switch in the header toggles between English and German, and is remembered', async ({
  page,
  signIn,
  siteIds,
}) => {
  await signIn('admin', { next: `/${siteIds['Bremen GVZ']}/live` });
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Live View');

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(heading).toHaveText('Live-Ansicht');
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
  await expect(page).toHaveTitle('Live-Ansicht - CBM');
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');

  await page.reload();
  await expect(heading).toHaveText('Live-Ansicht');
  // Kept on the account, not only in this browser.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(heading).toHaveText('Live-Ansicht');

  await page.getByRole('button', { name: 'Sprache' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(heading).toHaveText('Live View');
  await expect(page).toHaveTitle('Live View - CBM');
  // Back to the browser's language, so that the specs after this one get the language of their browser.
  const reset = await page.request.put('/api/v2/user/language', { data: { language: null } });
  expect(reset.status()).toBe(200);
});
