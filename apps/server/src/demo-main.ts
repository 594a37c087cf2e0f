import { BATTERY_MODELS } from '@cbm/demo-fixtures/battery-models';
import { DEMO_ORGANIZATIONS } from '@cbm/demo-fixtures/demo-sites';
import { DEMO_PASSWORD, DEMO_USERS } from '@cbm/demo-fixtures/demo-users';
import { fleetDevicesFromDemo } from '@cbm/simulator/fleet/demo-devices';
import { type FleetHandle, startFleet } from '@cbm/simulator/fleet/start-fleet';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import type { Database } from './db/database';
import { demoLogins } from './demo/demo-credentials';
import { DEMO_SEED, generateFleet } from './demo/demo-fleet';
import { DEMO_HISTORY_DAYS } from './demo/history';
import { seedDemo } from './demo/seed-demo';
import { startServer } from './start-server';

/** The demo entry (`npm start`): the whole product with the demo data set and its simulated fleet. */
async function main() {
  const config = loadConfig(process.env, { DEMO: true });
  await startServer(config, {
    beforeBuild: async (db) => {
      if (await seedDemo(db, new Date(), DEMO_SEED, { historyDays: DEMO_HISTORY_DAYS, alerts: true })) {
        console.log('Demo data seeded.');
      }
    },
    afterListen: async (app, db) => {
      const fleet = app.devices.brokerUrl ? await startDemoFleet(app.devices.brokerUrl, db) : undefined;
      console.log(`Demo sign-in (password "${DEMO_PASSWORD}"):`);
      for (const user of DEMO_USERS) console.log(`  ${user.email}`);
      return fleet;
    },
  });
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
