import { chromium } from '@playwright/test';
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const user of ['admin', 'operator']) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await page.goto(`${base}/signin`);
  await page.locator('input[type=email], input[name=email]').first().fill(`${user}@cbm.demo`);
  await page.locator('input[type=password]').fill('cbm-demo');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
  await page.waitForTimeout(3000);
  const names = await page.getByRole('region', { name: 'Map of operating sites' }).getByRole('button').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? e.textContent));
  console.log(user, JSON.stringify(names));
  const health = await (await page.request.get(`${base}/api/v2/fleet-health`)).json();
  console.log(JSON.stringify(health.sites.map((s) => [s.operatingSiteId, s.condition, s.error])));
}
await browser.close();
