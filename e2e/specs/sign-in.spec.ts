import { DEMO_PASSWORD, DEMO_USERS, submitSignIn } from '../support/demo-users';
import { expect, test } from '../support/fixtures';

test.describe('signing in through /signin', () => {
  test('the admin reaches the overview with every site', async ({ page, signInThroughPage }) => {
    await signInThroughPage('admin');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Your operating sites', exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Operating sites' }).getByRole('button')).toHaveCount(10);
  });

  test('the operator reaches the overview with the sites of their organisation', async ({
    page,
    signInThroughPage,
  }) => {
    await signInThroughPage('operator');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('table', { name: 'Operating sites' }).getByRole('button')).toHaveCount(4);
  });

  test('a user without features lands on the access-denied page', async ({ page, signInThroughPage }) => {
    await signInThroughPage('blocked');
    await expect(page).toHaveURL('/403');
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    await expect(
      page.getByText(
        'You are signed in as Bea Blocked, but your account has no part of CBM enabled yet, so there is nothing to show.',
      ),
    ).toBeVisible();
    await expect(page.getByText(/Ask the administrator of your organisation in CBM/)).toBeVisible();
    await expect(page).toHaveTitle('No access - CBM');
    // Every other page leads back there.
    await page.goto('/overview');
    await expect(page).toHaveURL('/403');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin/);
  });

  test('a wrong password shows the server message and stays on the sign-in page', async ({ page }) => {
    await submitSignIn(page, DEMO_USERS.operator, { language: 'en', password: 'not-the-password' });
    await expect(page.getByRole('alert')).toHaveText('E-mail address or password is wrong.');
    await expect(page).toHaveURL('/signin');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});

test.describe('without a session', () => {
  test('a page redirects to /signin and signing in returns to it', async ({ page, siteIds }) => {
    const livePath = `/${siteIds['Hamburg Hafen']}/live`;
    await page.goto(livePath);
    await expect(page).toHaveURL(`/signin?next=${encodeURIComponent(livePath)}`);
    await expect(page.getByRole('heading', { name: 'Sign in to CBM' })).toBeVisible();

    // Sign in on the very page the guard sent us to: it carries ?next=.
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(DEMO_USERS.operator);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(livePath);
    await expect(page.getByRole('main').getByRole('heading', { name: 'Live View' })).toBeVisible();
  });

  test('the app shows nothing but the sign-in page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/signin?next=%2F');
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });
});

test('signing out returns to /signin and ends the session', async ({ page, signIn }) => {
  await signIn('operator');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/signin');
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin\?next=/);
});
