import type { Database } from '../../../apps/server/src/db/database';
import type { ChaosRow, ChaosScenario } from './chaos-row';
import { answeringDevices, commandWatcher } from './command-devices';
import { commandServer, startCampaign } from './command-server';
import { until } from './until';

const copies = (seen: ReadonlyMap<string, number>) => [...seen.values()].reduce((sum, n) => sum + n, 0);

/** Batteries that got two different commands of the campaign (a second job), as the ledger saw them. */
async function commandedTwice(db: Database, campaignId: number, seen: ReadonlyMap<string, number>) {
  const jobs = await db.query<{ serial: string; command_id: string }>(
    'SELECT battery_serial_number AS serial, command_id FROM update_job WHERE campaign_id = $1 AND command_id IS NOT NULL',
    [campaignId],
  );
  const perBattery = new Map<string, number>();
  for (const job of jobs.filter((row) => seen.has(row.command_id))) {
    perBattery.set(job.serial, (perBattery.get(job.serial) ?? 0) + 1);
  }
  return [...perBattery.values()].filter((n) => n > 1).length;
}

type Fault = 'none' | 'server SIGKILL mid-campaign' | 'queued for offline devices, server SIGKILL';

/** Hamburg Hafen and Bremen GVZ: 60 demo batteries; smoke runs take Hamburg's 30. */
const sitesFor = (smoke: boolean) => (smoke ? ['Hamburg Hafen'] : ['Hamburg Hafen', 'Bremen GVZ']);
const RECOVERY_SECONDS = 120;

/**
 * A firmware campaign at 4 commands/s (issue 45's rate) with SQL's `device_command` as the truth and an outside
 * ledger of every command id that arrived: for devices that stay online an independent subscriber (persistent
 * session, subscribed before the start), for devices that are offline while their commands are queued and the
 * server is SIGKILLed, the devices' own connection, which comes back once every command is queued. sent = the
 * campaign's commands in SQL, acknowledged = of those the ledger got, stored = of those answered in SQL, lost =
 * sent but never in the ledger, twice = batteries that got two different commands (the answering devices apply a
 * command once by id, as docs/protocol.md §7 asks; copies of one id are normal, decision 072).
 */
async function runCommandDelivery(fault: Fault, smoke: boolean): Promise<ChaosRow> {
  const { db, server, gateway, close } = await commandServer(4);
  const offline = fault === 'queued for offline devices, server SIGKILL';
  const devices = answeringDevices(server.mqttUrl, gateway);
  const watcher = offline ? undefined : await commandWatcher(server.mqttUrl, gateway);
  await devices.connect();
  // Offline devices were online once: their persistent session and its subscription wait at the broker.
  if (offline) await devices.disconnect();
  try {
    const campaignId = await startCampaign(server.url, db, sitesFor(smoke));
    const count = async (where: string) => {
      const [row] = await db.query<{ count: string }>(
        `SELECT count(*) FROM update_job j JOIN device_command d ON d.id = j.command_id
          WHERE j.campaign_id = $1 ${where}`,
        [campaignId],
      );
      return Number(row?.count ?? 0);
    };
    const [{ total }] = (await db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM firmware_campaign_battery WHERE campaign_id = $1',
      [campaignId],
    )) as [{ total: number }];
    let faultAt = performance.now();
    if (fault !== 'none') {
      await until(async () => (await count('')) >= total / 3, RECOVERY_SECONDS);
      faultAt = performance.now();
      await server.crash();
    }
    await until(async () => (await count('')) >= total, RECOVERY_SECONDS);
    if (offline) await devices.connect();
    await until(async () => (await count('AND d.replied_at IS NOT NULL')) >= total, RECOVERY_SECONDS, 500);
    const recoverySeconds = (performance.now() - faultAt) / 1000;
    const sent = (
      await db.query<{ id: string }>(
        'SELECT command_id AS id FROM update_job WHERE campaign_id = $1 AND command_id IS NOT NULL',
        [campaignId],
      )
    ).map((row) => row.id);
    const ledger = watcher?.copies ?? devices.received;
    const seen = sent.filter((id) => ledger.has(id)).length;
    return {
      fault: `campaign commands: ${fault}`,
      sent: sent.length,
      acknowledged: seen,
      stored: await count('AND d.replied_at IS NOT NULL'),
      lost: sent.length - seen,
      twice: await commandedTwice(db, campaignId, ledger),
      recoverySeconds: fault === 'none' ? null : recoverySeconds,
      note: `${total} batteries at 4 cmds/s, retry after 2 s; ${offline ? "the devices' own" : 'a watching'} ledger: ${copies(ledger)} copies seen, ${devices.applied()} applied`,
    };
  } finally {
    await watcher?.close();
    await devices.disconnect();
    await close();
  }
}

const scenario = (name: string, fault: Fault, smoke: boolean): ChaosScenario => ({
  name,
  smoke,
  window: { twice: 0, decision: '072' },
  run: (short) => runCommandDelivery(fault, short),
});

export const campaignCommands = scenario('campaign-commands', 'none', false);
export const campaignCommandsServerKill = scenario('campaign-commands-sigkill', 'server SIGKILL mid-campaign', false);
export const offlineCommandsServerKill = scenario(
  'offline-commands-sigkill',
  'queued for offline devices, server SIGKILL',
  true,
);
