import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from '@cbm/demo-fixtures/demo-users';
import { expect, type Page } from '@playwright/test';

export { DEMO_PASSWORD };
/** The demo accounts the demo server (`npm start`) seeds, by role. */
export const DEMO_USERS = DEMO_ACCOUNTS;
export type DemoUser = DemoAccount;

export type Language = 'en' | 'de';
export const languageOf = (locale: string | undefined): Language => (locale?.startsWith('de') ? 'de' : 'en');

/** Labels of the server-rendered sign-in page, which follows the browser's Accept-Language. */
export const SIGNIN_TEXTS = {
  en: { email: 'E-mail address', password: 'Password', submit: 'Sign in' },
  de: { email: 'E-Mail-Adresse', password: 'Passwort', submit: 'Anmelden' },
} as const;

export interface SignInOptions {
  language: Language;
  /** Where to return after signing in, as the guard's `next` parameter would. */
  next?: string;
  password?: string;
}

/** Fills and submits the real /signin form; with `next`, starts from /signin?next=…. */
export async function submitSignIn(page: Page, email: string, options: SignInOptions) {
  const texts = SIGNIN_TEXTS[options.language];
  await page.goto(options.next ? `/signin?next=${encodeURIComponent(options.next)}` : '/signin');
  await page.getByRole('textbox', { name: texts.email }).fill(email);
  await page.getByRole('textbox', { name: texts.password }).fill(options.password ?? DEMO_PASSWORD);
  await page.getByRole('button', { name: texts.submit }).click();
}

/** Signs a demo user in through /signin and waits until the app has taken over. */
export async function signInThroughPage(page: Page, user: DemoUser, options: SignInOptions) {
  await submitSignIn(page, DEMO_USERS[user], options);
  await expect(page).not.toHaveURL(/\/signin/);
}

/**
 * Signs a demo user in with the sign-in call the page makes (the session cookie lands in the browser
 * context), then opens `next` as the page would: saves the sign-in page's load in every test, while
 * sign-in.spec.ts drives the page itself.
 */
export async function signIn(page: Page, user: DemoUser, options: Omit<SignInOptions, 'language'>) {
  const response = await page.request.post('/api/v2/auth/login', {
    data: { username: DEMO_USERS[user], password: options.password ?? DEMO_PASSWORD },
  });
  expect(response.status(), `sign-in of ${user}`).toBe(204);
  await page.goto(options.next ?? '/');
  await expect(page).not.toHaveURL(/\/signin/);
}
