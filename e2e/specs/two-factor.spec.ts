import type { PlaywrightWorkerArgs } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD, DEMO_USERS, languageOf, submitSignIn } from '../support/demo-users';
import { expect, test } from '../support/fixtures';
import { mailedLink } from '../support/mail-outbox';
import { baseUrl } from '../support/server-env';

const TEXTS = {
  en: {
    heading: 'My account',
    setUp: 'Set up two-factor sign-in',
    appCode: 'Code from the app',
    turnOn: 'Turn on',
    saved: 'I have saved the codes',
    turnOff: 'Turn off two-factor sign-in',
    code: 'Code',
    confirm: 'Confirm',
    wrongCode: /This code is not right/,
  },
  de: {
    heading: 'Mein Konto',
    setUp: 'Zwei-Faktor-Anmeldung einrichten',
    appCode: 'Code aus der App',
    turnOn: 'Einschalten',
    saved: 'Ich habe die Codes gespeichert',
    turnOff: 'Zwei-Faktor-Anmeldung ausschalten',
    code: 'Code',
    confirm: 'Bestätigen',
    wrongCode: /Dieser Code stimmt nicht/,
  },
} as const;

const PASSWORD = 'Zwei-Faktor-2026';

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

for (const locale of ['en-GB', 'de-DE'] as const) {
  test.describe(`two-factor sign-in (${locale})`, () => {
    test.use({ locale });

    test('a new user enrols, then signs in with a code from the app and with a recovery code', async ({
      page,
      playwright,
      siteIds,
    }) => {
      const language = languageOf(locale);
      const texts = TEXTS[language];
      const email = `two-factor-${language}-${Date.now()}@example.com`;
      await invite(playwright, email, siteIds['Hamburg Hafen']);

      await page.goto((await mailedLink(email)) as string);
      const token = new URL(page.url()).searchParams.get('token');
      expect((await page.request.post('/api/v2/people/password', { data: { token, password: PASSWORD } })).ok()).toBe(
        true,
      );

      await submitSignIn(page, email, { language, password: PASSWORD, next: '/account' });
      await expect(page.getByRole('heading', { name: texts.heading, level: 1 })).toBeVisible();
      await page.getByRole('button', { name: texts.setUp }).click();
      const secret = (await page.getByTestId('two-factor-secret').textContent()) as string;
      await page.getByRole('textbox', { name: texts.appCode }).fill(codeOf(secret));
      await page.getByRole('button', { name: texts.turnOn }).click();
      const shownCodes = page.getByTestId('recovery-codes').getByRole('listitem');
      await expect(shownCodes).toHaveCount(10);
      const recoveryCodes = await shownCodes.allTextContents();
      await page.getByRole('button', { name: texts.saved }).click();
      await expect(page.getByRole('button', { name: texts.turnOff })).toBeVisible();

      await page.request.post('/api/v2/auth/logout');
      await submitSignIn(page, email, { language, password: PASSWORD, next: '/account' });
      const code = page.getByRole('textbox', { name: texts.code, exact: true });
      await code.fill('000000');
      await page.getByRole('button', { name: texts.confirm }).click();
      await expect(page.getByRole('alert')).toHaveText(texts.wrongCode);
      await code.fill(codeOf(secret, 1));
      await page.getByRole('button', { name: texts.confirm }).click();
      await expect(page.getByRole('heading', { name: texts.heading, level: 1 })).toBeVisible();

      await page.request.post('/api/v2/auth/logout');
      await submitSignIn(page, email, { language, password: PASSWORD, next: '/account' });
      await code.fill(recoveryCodes[0] as string);
      await page.getByRole('button', { name: texts.confirm }).click();
      await expect(page.getByRole('button', { name: texts.turnOff })).toBeVisible();
    });
  });
}

/** Invites a user with the live view at one site, as an administrator would on the Users page. */
async function invite(playwright: PlaywrightWorkerArgs['playwright'], email: string, siteId: number) {
  const api = await playwright.request.newContext({ baseURL: baseUrl() });
  await api.post('/api/v2/auth/login', { data: { username: DEMO_USERS.admin, password: DEMO_PASSWORD } });
  const invited = await api.post(`/api/v2/people/invitations?operatingSiteId=${siteId}`, {
    data: {
      email,
      firstName: 'Zoe',
      lastName: 'Zweifaktor',
      features: ['cbm_liveview'],
      sites: [{ operatingSiteId: siteId, permissions: [] }],
    },
  });
  expect(invited.status()).toBe(201);
  await api.dispose();
}
