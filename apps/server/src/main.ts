import path from 'node:path';
import { fleetDevicesFromDemo } from '@cbm/simulator/fleet/demo-devices';
import { type FleetHandle, startFleet } from '@cbm/simulator/fleet/start-fleet';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import type { Database } from './db/database';
import { openDatabase } from './db/open-database';
import { BATTERY_MODELS } from './demo/battery-models';
import { demoLogins } from './demo/demo-credentials';
import { DEMO_SEED, generateFleet } from './demo/demo-fleet';
import { DEMO_ORGANIZATIONS } from './demo/demo-sites';
import { DEMO_PASSWORD, DEMO_USERS } from './demo/demo-users';
import { DEMO_HISTORY_DAYS } from './demo/history';
import { seedDemo } from './demo/seed-demo';

async function main() {
  const config = loadConfig(process.env, process.argv.includes('--demo') ? { DEMO: true } : {});
  const db = await openDatabase(config);
  if (config.DEMO && (await seedDemo(db, new Date(), DEMO_SEED, { historyDays: DEMO_HISTORY_DAYS, alerts: true }))) {
    console.log('Demo data seeded.');
  }
  const app = await buildApp({ config, db, brokerSessionsDir: path.join(config.dataDir, 'mqtt-sessions') });
  let simulator: FleetHandle | undefined;
  const shutdown = async () => {
    await simulator?.stop();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  await app.listen({ port: config.PORT, host: config.HOST });
  const url = config.PUBLIC_URL ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
  console.log(`CBM is running at ${url} (database: ${db.kind}${config.DATABASE_URL ? '' : ` in ${config.dataDir}`})`);
  if (app.devices.brokerUrl) console.log(`Devices connect to ${app.devices.brokerUrl}`);
  // The device broker's address (embedded broker or MQTT_URL); none when ingestion is off.
  if (config.DEMO && app.devices.brokerUrl) simulator = await startDemoFleet(app.devices.brokerUrl, db);
  if (config.DEMO) {
    console.log(`Demo sign-in (password "${DEMO_PASSWORD}"):`);
    for (const user of DEMO_USERS) console.log(`  ${user.email}`);
  }
}

/**
 * The demo fleet comes alive: simulated devices on the device broker, shifts in each site's time zone, each
 * connecting with credentials minted for this run.
 */
async function startDemoFleet(brokerUrl: string, db: Database): Promise<FleetHandle> {
  // Serial numbers follow the site's position in the demo tree, not its database id.
  const sites = DEMO_ORGANIZATIONS.flatMap((organization) => organization.regions.flatMap((region) => region.sites));
  const fleet = generateFleet(
    sites.map((_, index) => ({ id: index, index })),
    new Date(),
    DEMO_SEED,
  );
  const timezoneOf = (index: number) => sites[index]?.timezone ?? 'Europe/Berlin';
  const devices = fleetDevicesFromDemo(fleet, timezoneOf, BATTERY_MODELS);
  const addresses = [
    ...devices.batteries.map((battery) => ({ deviceClass: 'battery' as const, serial: battery.serialNumber })),
    ...(devices.chargers ?? []).map((charger) => ({ deviceClass: 'charger' as const, serial: charger.serialNumber })),
    ...(devices.mdloadUnits ?? []).map((unit) => ({ deviceClass: 'mdload' as const, serial: unit.mdloadSerial })),
  ];
  return startFleet({ brokerUrl, devices, logins: await demoLogins(db, addresses) });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
