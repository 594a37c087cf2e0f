import { expect, test } from '../support/fixtures';

/** Issue 49's bar: a lost live stream is visible within 5 s. */
const SHOWN_WITHIN_MS = 5_000;

const TEXTS = {
  en: {
    liveView: 'Live View',
    offline: /^Offline since \d\d-\d\d-\d{4} \d\d:\d\d:\d\d/,
    alarms: 'Alarm inbox',
    unavailable: 'This page cannot be loaded right now',
  },
  de: {
    liveView: 'Live-Ansicht',
    offline: /^Offline seit \d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d/,
    alarms: 'Alarmeingang',
    unavailable: 'Diese Seite kann gerade nicht geladen werden',
  },
} as const;

for (const language of ['en', 'de'] as const) {
  const text = TEXTS[language];
  test.describe(`connection state (${language})`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US' });

    test('a lost connection shows within 5 s with its time and dims the values; a page asked for meanwhile waits and opens once back', async ({
      page,
      context,
      signIn,
      siteIds,
    }) => {
      const siteId = siteIds['Hamburg Hafen'];
      await signIn('operator', { next: `/${siteId}/live` });
      await expect(page.getByRole('heading', { name: text.liveView, level: 1 })).toBeVisible();
      const banner = page.locator('[data-connection-lost]');
      await expect(banner).toHaveCount(0);
      await expect(page.locator('[data-stale]')).toHaveCount(0);

      await context.setOffline(true);
      await expect(banner).toHaveText(text.offline, { timeout: SHOWN_WITHIN_MS });
      await expect(page.locator('[data-stale]')).toHaveCount(1);

      // The inbox's code was never loaded in this tab: the menu click must keep the app, not the browser's error page.
      await page.getByRole('link', { name: text.alarms }).first().click();
      await expect(page.getByRole('heading', { name: text.unavailable })).toBeVisible({ timeout: 10_000 });
      expect(new URL(page.url()).pathname).toBe(`/${siteId}/alarms`);

      await context.setOffline(false);
      await expect(page.getByRole('heading', { name: text.alarms, level: 1 })).toBeVisible({ timeout: 15_000 });
      await expect(banner).toHaveCount(0, { timeout: 10_000 });
      await expect(page.locator('[data-stale]')).toHaveCount(0);
    });
  });
}
