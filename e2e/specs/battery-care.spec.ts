import { expect, test } from '../support/fixtures';

// Reads the demo's Hamburg Hafen; changes nothing.
const TEXTS = {
  en: {
    sizing: 'Right-sizing',
    fleet: 'Batteries at the site',
    title: 'Replacement plan',
    within: ['Within 3 months', 'Within 6 months', 'Within 12 months'],
    source: /hourly totals/,
    reasons: /Charging while hot|Hot cells|Deep discharges/,
  },
  de: {
    sizing: 'Flottengröße',
    fleet: 'Batterien am Standort',
    title: 'Ersatzplan',
    within: ['Innerhalb von 3 Monaten', 'Innerhalb von 6 Monaten', 'Innerhalb von 12 Monaten'],
    source: /Stundensummen/,
    reasons: /Laden bei Hitze|Heiße Zellen|Tiefentladungen/,
  },
};

for (const language of ['en', 'de'] as const) {
  test.describe(`battery care (${language})`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US' });

    test('shows right-sizing and the replacement plan with its three horizons, priced in the site currency', async ({
      page,
      signIn,
      siteIds,
    }) => {
      const texts = TEXTS[language];
      await signIn('admin', { next: `/${siteIds['Hamburg Hafen']}/stats/care` });
      await expect(page.getByRole('heading', { name: texts.title })).toBeVisible({ timeout: 30_000 });
      for (const within of texts.within) await expect(page.getByText(within, { exact: true })).toBeVisible();
      await expect(page.getByText(/€/).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: texts.sizing })).toBeVisible();
      await expect(page.getByText(texts.fleet, { exact: true })).toBeVisible();
    });

    test('ranks the demo fleet with a spread: the worst batteries first, each with its reason and its sources', async ({
      page,
      signIn,
      siteIds,
    }) => {
      const texts = TEXTS[language];
      await signIn('admin', { next: `/${siteIds['Hamburg Hafen']}/stats/care` });
      const ranking = page.getByRole('table').filter({ hasText: texts.source });
      await expect(ranking.getByText(texts.source).first()).toBeVisible({ timeout: 30_000 });
      const worst = Number(await ranking.locator('tbody tr').first().locator('td').nth(2).innerText());
      const best = Number(await ranking.locator('tbody tr').last().locator('td').nth(2).innerText());
      expect(worst, 'the demo history gives some batteries poor care').toBeLessThan(80);
      expect(best).toBe(100);
      await expect(ranking.locator('tbody tr').first().getByText(texts.reasons)).toBeVisible();
    });
  });
}
