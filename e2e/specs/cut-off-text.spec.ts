import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];
const LOCALES = ['en-US', 'de-DE'];
const PAGES = ['live', 'expert/battery_list', 'alerts', 'admin/license', 'stats/statistics', 'mdload/live'];
/** Set to a folder to keep a screenshot of every page checked (decision 034). */
const SCREENSHOTS_DIR = process.env.CBM_SCREENSHOTS_DIR;

/** Badges, table headers and button labels whose text is wider than their box (cut, or ending in "…"). */
function cutOffTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = '.mantine-Badge-label, th, button, .mantine-Button-label';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => element.offsetParent !== null && element.clientWidth > 0)
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => `${element.tagName.toLowerCase()} "${element.textContent?.trim()}"`);
  });
}

for (const locale of LOCALES) {
  for (const size of SIZES) {
    test.describe(`no cut-off text at ${size.width}×${size.height} in ${locale}`, () => {
      test.use({ locale, viewport: size });
      test('badges, table headers and buttons show their whole text', async ({ page, signIn, siteIds }) => {
        test.setTimeout(120_000);
        const site = siteIds['Wien Süd'];
        await signIn('admin', { next: `/${site}/live` });
        for (const name of PAGES) {
          await page.goto(`/${site}/${name}`);
          await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
          if (SCREENSHOTS_DIR) {
            const file = `${name.replaceAll('/', '-')}-${locale}-${size.width}.png`;
            await page.screenshot({ path: path.join(SCREENSHOTS_DIR, file), fullPage: false });
          }
          expect.soft(await cutOffTexts(page), `${name}: cut-off texts`).toEqual([]);
        }
      });
    });
  }
}
