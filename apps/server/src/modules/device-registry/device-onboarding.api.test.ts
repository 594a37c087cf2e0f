import { issuedCredentialsSchema } from '@cbm/contracts/device-registry';
import { afterEach, expect, it } from 'vitest';
import { uniqueId } from '../../../test/mqtt-devices';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

// Issue 49, item 8: the onboarding dialog's command must reach the broker devices really use (decision 113).
describeEachDatabase('device onboarding: the broker address', (kind) => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  const registerAt = async (app: TestApp, host: string) => {
    const admin = await app.signIn('admin@cbm.demo');
    const ids = await siteNodeIds(app, admin);
    const response = await app.request({
      method: 'POST',
      url: '/api/v2/devices',
      payload: {
        operatingSiteId: ids['Hamburg Hafen'],
        deviceClass: 'battery',
        serialNumber: uniqueId('O'),
        deviceType: 'LFP 48V 625Ah',
      },
      headers: { host },
      cookie: admin,
    });
    expect(response.statusCode, response.body).toBe(201);
    return issuedCredentialsSchema.parse(response.json()).brokerUrl;
  };

  it("answers the embedded broker's own port at the host the portal was reached by", async () => {
    t = await createTestApp(kind);
    await t.app.ready();
    const port = new URL(t.app.devices.brokerUrl as string).port;
    expect(await registerAt(t, 'portal.example.com:8443')).toBe(`mqtt://portal.example.com:${port}`);
  }, 120_000);

  it('answers PUBLIC_MQTT_URL where it is set', async () => {
    t = await createTestApp(kind, { PUBLIC_MQTT_URL: 'mqtts://devices.example.com:8883' });
    await t.app.ready();
    expect(await registerAt(t, 'portal.example.com')).toBe('mqtts://devices.example.com:8883');
  }, 120_000);
});
