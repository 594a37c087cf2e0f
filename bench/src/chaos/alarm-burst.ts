import { spawnSync } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { addTestBatteries, json, telemetry } from '../../../apps/server/test/mqtt-devices';
import { setting } from '../smoke';
import type { ChaosRow, ChaosScenario } from './chaos-row';
import { chaosSchema, signIn, startChaosServer } from './chaos-server';
import { startPrivateMosquitto, stopPrivateMosquitto } from './private-mosquitto';
import { until } from './until';

// Issue 45's values: under "SoC below 20 %" with hysteresis 2 they open and clear four alarms.
const SOCS = [25, 19, 18, 23, 24, 19, 21, 22.5, 25, 18, 17, 22, 19, 19.5, 23, 22, 24, 25];
const same = (a: string[], b: string[]) => [...a].sort().join('\n') === [...b].sort().join('\n');

/** mosquitto_pub at QoS 1: exit 0 once every line is acknowledged. */
function publish(url: string, serial: string, lines: string[]): boolean {
  const { port } = new URL(url);
  const topic = `cbm/v1/battery/${serial}/telemetry`;
  const result = spawnSync('mosquitto_pub', ['-h', '127.0.0.1', '-p', port, '-q', '1', '-t', topic, '-l'], {
    input: `${lines.join('\n')}\n`,
  });
  return result.status === 0;
}

/**
 * A telemetry burst against a threshold rule (decision 075): the same 18 SoC values to two batteries through an
 * outside Mosquitto, one paced (a message every CHAOS_PACE_MS, 1.5 s), one as a single burst (`mosquitto_pub -l`).
 * Counted in SQL: the burst's alarms and mails must equal the paced ones.
 */
export const alarmBurst: ChaosScenario = {
  name: 'alarm-burst',
  smoke: true,
  window: { twice: 0, decision: '075' },
  async run(): Promise<ChaosRow> {
    const paceMs = setting('CHAOS_PACE_MS', 1500, 300);
    const schema = await chaosSchema('burst');
    const broker = await startPrivateMosquitto();
    const server = await startChaosServer(schema, {
      MQTT_URL: broker.url,
      MQTT_SHARE_GROUP: schema.name,
      SAMPLE_RESOLUTION_SECONDS: 0,
      ALERT_MAILS_PER_WINDOW: 100,
    });
    try {
      const { serials, siteId } = await addTestBatteries(schema.db, 2);
      const [paced, burst] = serials as [string, string];
      const cookie = await signIn(server.url, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
      const rule = await fetch(`${server.url}/api/v2/ThresholdRule`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          operatingSiteId: siteId,
          name: 'Low SoC',
          emails: ['ops@example.com'],
          mailRecovery: true,
          batterySerials: [paced, burst],
          condition: { metric: 'socBelow', threshold: 20, hysteresis: 2 },
        }),
      });
      if (rule.status !== 201) throw new Error(`rule: ${rule.status} ${await rule.text()}`);
      const start = Date.now() - 10 * 60_000;
      const lines = SOCS.map((soc, n) => json(telemetry(n + 1, new Date(start + n * 15_000), { soc })));
      for (const text of lines) {
        publish(broker.url, paced, [text]);
        await delay(paceMs);
      }
      const acknowledged = publish(broker.url, burst, lines) ? lines.length : 0;
      const samples = async (serial: string) =>
        (
          await schema.db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM battery_sample WHERE serial_number = $1',
            [serial],
          )
        )[0]?.n ?? 0;
      const outcome = async (serial: string) => [
        ...(
          await schema.db.query<{ text: string }>(
            `SELECT 'alarm ' || opened_at || ' ' || coalesce(cleared_at::text, 'open') AS text FROM alarm WHERE serial_number = $1`,
            [serial],
          )
        ).map((row) => row.text),
        ...(
          await schema.db.query<{ text: string }>(
            `SELECT 'mail ' || (payload->>'ts') || ' ' || (payload->>'description') AS text FROM alert_delivery
              WHERE payload->>'serialNumber' = $1`,
            [serial],
          )
        ).map((row) => row.text),
      ];
      // Stored, evaluated and mailed once the burst's outcome matches the paced one (or a minute has passed).
      let pacedOutcome: string[] = [];
      let burstOutcome: string[] = [];
      await until(async () => {
        pacedOutcome = await outcome(paced);
        burstOutcome = await outcome(burst);
        return (await samples(burst)) === lines.length && same(pacedOutcome, burstOutcome);
      }, 60);
      const count = (list: string[], prefix: string) => list.filter((text) => text.startsWith(prefix)).length;
      return {
        fault: 'telemetry burst against a threshold rule',
        sent: lines.length,
        acknowledged,
        stored: await samples(burst),
        lost: pacedOutcome.filter((text) => !burstOutcome.includes(text)).length,
        twice: burstOutcome.filter((text) => !pacedOutcome.includes(text)).length,
        recoverySeconds: null,
        note: `alarms paced/burst ${count(pacedOutcome, 'alarm')}/${count(burstOutcome, 'alarm')}, mails ${count(pacedOutcome, 'mail')}/${count(burstOutcome, 'mail')}; lost/twice: alarms and mails`,
      };
    } finally {
      await server.stop();
      await stopPrivateMosquitto(broker);
      await schema.drop();
    }
  },
};
