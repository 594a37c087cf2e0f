import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { alertRule } from './soak-operators';

/** Signs in as `email` with the demo password and answers the session cookie. */
export async function signIn(base: string, email: string): Promise<string> {
  const login = await fetch(`${base}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in of ${email} failed: HTTP ${login.status}`);
  return login.headers.get('set-cookie')?.split(';')[0] ?? '';
}

/** The soak's set-up calls, as the signed-in demo admin. */
export function soakSetup(base: string, cookie: string) {
  async function post(path: string, body: unknown): Promise<{ id: number }> {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number };
  }

  return {
    /** The threshold and silence rules an operator would set, so that every message is evaluated against them. */
    async addThresholdRules(siteId: number) {
      const rule = (name: string, condition: object) => ({
        operatingSiteId: siteId,
        name,
        emails: ['soak@example.com'],
        condition,
      });
      await post('/api/v2/ThresholdRule', rule('SoC below 20 %', { metric: 'socBelow', threshold: 20, hysteresis: 5 }));
      await post(
        '/api/v2/ThresholdRule',
        rule('Cell above 45 °C', {
          metric: 'cellTemperatureAbove',
          threshold: 45,
          hysteresis: 2,
          minDurationSeconds: 60,
        }),
      );
      await post('/api/v2/ThresholdRule', rule('No data 30 min', { metric: 'noData', minutes: 30 }));
    },

    async addAlertRule(siteId: number, name: string): Promise<number> {
      return (await post('/api/v2/Alert', alertRule(siteId, name))).id;
    },
  };
}

/** A kept-alive connection the busy server closed is not a failure of the server: try again. */
export async function retried(request: () => Promise<Response>): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await (await request()).json();
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
