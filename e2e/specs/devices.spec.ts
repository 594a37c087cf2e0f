import mqtt from 'mqtt';
import { brokerUrl } from '../support/device-publisher';
import { expect, test } from '../support/fixtures';

// Linz Hafen: no other spec registers devices there.
const SITE = 'Linz Hafen';

test.describe('devices page', () => {
  test('a device registered on the page connects with the credentials shown there, and revoking disconnects it', async ({
    page,
    signIn,
    siteIds,
  }) => {
    const site = siteIds[SITE];
    const serial = `E2E${Date.now().toString(36).toUpperCase()}`;
    await signIn('admin', { next: `/${site}/admin/devices` });
    await page.getByRole('textbox', { name: 'Serial number' }).fill(serial);
    await page.getByRole('textbox', { name: 'Type', exact: true }).fill('LFP 48V test');
    await page.getByRole('button', { name: 'Register' }).click();

    const dialog = page.getByRole('dialog', { name: `Credentials of battery-${serial}` });
    await expect(dialog.getByText('mosquitto_pub')).toBeVisible();
    const username = (await dialog.getByTestId('device-username').textContent()) as string;
    const password = (await dialog.getByTestId('device-secret').textContent()) as string;
    expect(username).toBe(`battery-${serial}`);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    const device = await mqtt.connectAsync(await brokerUrl(), {
      clientId: username,
      username,
      password,
      reconnectPeriod: 0,
    });
    const status = `cbm/v1/battery/${serial}/status`;
    await device.publishAsync(status, JSON.stringify({ online: true, ts: new Date().toISOString() }), {
      qos: 1,
      retain: true,
    });
    const row = page.getByTestId(`device-${username}`);
    await expect(row.getByText('Connected')).toBeVisible({ timeout: 15_000 });

    await page.goto(`/${site}/live`);
    await page.getByRole('combobox', { name: 'Search battery name or serial' }).fill(serial);
    await expect(page.getByRole('article', { name: serial })).toBeVisible();

    await page.goto(`/${site}/admin/devices`);
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page
      .getByRole('dialog', { name: `Revoke ${username}?` })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await closed;
    await expect(row.getByText('Revoked')).toBeVisible();
    device.end(true);
  });
});
