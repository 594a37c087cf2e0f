import { GATEWAY_CLASS } from '@cbm/contracts/device-registry';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import type { Database } from '../../../apps/server/src/db/database';
import { releaseUpload } from '../../../apps/server/test/firmware-device';
import { registerTestDevice } from '../../../apps/server/test/mqtt-devices';
import { chaosSchema, signIn, startChaosServer } from './chaos-server';

/**
 * The real server on a fresh demo schema of its own, with a gateway registered for the devices and the watcher;
 * commands it does not hear an answer to go out again after 2 s.
 */
export async function commandServer(commandsPerSecond: number) {
  const schema = await chaosSchema('commands');
  const gateway = await registerTestDevice(schema.db, GATEWAY_CLASS, `gw-${schema.name}`, null);
  const server = await startChaosServer(schema, {
    CAMPAIGN_COMMANDS_PER_SECOND: commandsPerSecond,
    COMMAND_RETRY_SECONDS: 2,
  });
  return {
    db: schema.db,
    server,
    gateway: { username: gateway.username, password: gateway.password },
    async close() {
      await server.stop();
      await schema.drop();
    },
  };
}

/** Signs the demo administrator in, adds a release for the sites' battery types and starts a campaign of one wave. */
export async function startCampaign(origin: string, db: Database, siteNames: string[]) {
  const cookie = await signIn(origin, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
  const sites = await db.query<{ id: number }>(
    'SELECT o.id FROM operating_site o JOIN site_node n ON n.id = o.id WHERE n.name = ANY($1) ORDER BY o.id',
    [siteNames],
  );
  const siteIds = sites.map((site) => site.id);
  const types = await db.query<{ battery_type: string }>(
    'SELECT DISTINCT battery_type FROM battery WHERE operating_site_id = ANY($1)',
    [siteIds],
  );
  const upload = await releaseUpload(
    siteIds[0] as number,
    { name: 'bms-9.9.1.bin', data: 'chaos' },
    {
      version: '9.9.1',
      batteryTypes: types.map((row) => row.battery_type).join(','),
    },
  );
  const release = await fetch(`${origin}${upload.url}`, {
    method: 'POST',
    headers: { ...upload.headers, cookie },
    body: upload.payload,
  });
  const { id: releaseId } = (await release.json()) as { id: number };
  const created = await fetch(`${origin}/api/v2/firmware/campaigns?operatingSiteId=${siteIds[0]}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'Chaos', releaseId, operatingSiteIds: siteIds, waves: [100] }),
  });
  if (created.status !== 201) throw new Error(`campaign not started: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { id: number }).id;
}
