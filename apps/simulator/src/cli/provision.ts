import { GATEWAY_CLASS } from '@cbm/contracts/device-registry';
import mqtt from 'mqtt';
// The platform's own registry (the code `npm run cli -- devices gateway` runs): the simulator's gateway is hashed,
// stored and audited like any other credential. Only this CLI module reaches into the server.
import type { Database } from '../../../server/src/db/database';
import { openPostgresDatabase } from '../../../server/src/db/postgres-database';
import { deviceRegistryService } from '../../../server/src/modules/device-registry/device-registry-service';
import type { BatterySpec } from '../specs/device-specs';
import type { Login } from '../transport/transport';

const BATCH = 10_000;
const ACTOR = { userId: null, email: 'simulator' };

export interface Provisioned {
  /** Batteries inserted now (those that existed already are left alone). */
  inserted: number;
  /** The run's gateway: registered on the first run of a prefix, new credentials at every later one. */
  gateway: Login;
}

/** The gateway a load test of this serial prefix connects as. */
export const simulatorGatewaySerial = (sitePrefix: string) => `simulator-${sitePrefix}`;

/**
 * Inserts load-test batteries into an operating site, so that ingestion stores their messages, and registers the
 * gateway their connections log in with (docs/decisions/021-device-registry.md).
 */
export async function provisionFleet(
  db: Database,
  siteId: number,
  batteries: readonly BatterySpec[],
  gatewaySerial: string,
): Promise<Provisioned> {
  let inserted = 0;
  for (let start = 0; start < batteries.length; start += BATCH) {
    const batch = batteries.slice(start, start + BATCH);
    const rows = await db.query<{ serial_number: string }>(
      `INSERT INTO battery (serial_number, operating_site_id, name, battery_type, product, cell_type,
                            battery_capacity_ah, nominal_voltage, nominal_energy_kwh)
       SELECT serial, $1, serial, type, product, 'LFP prismatic', capacity, voltage, round(capacity * voltage / 1000, 2)
         FROM unnest($2::text[], $3::text[], $4::text[], $5::numeric[], $6::numeric[])
              AS b (serial, type, product, capacity, voltage)
       ON CONFLICT (serial_number) DO NOTHING
       RETURNING serial_number`,
      [
        siteId,
        batch.map((battery) => battery.serialNumber),
        batch.map((battery) => battery.batteryType),
        batch.map((battery) => battery.product ?? battery.batteryType),
        batch.map((battery) => battery.capacityAh),
        batch.map((battery) => battery.nominalVoltage),
      ],
    );
    inserted += rows.length;
  }
  const registry = deviceRegistryService(db);
  const gateway = { deviceClass: GATEWAY_CLASS, serialNumber: gatewaySerial, operatingSiteId: null } as const;
  const { registered } = await registry.register(ACTOR, [{ ...gateway, deviceType: 'simulator' }], false);
  const credentials = registered[0] ?? (await registry.rotate(ACTOR, gateway));
  return { inserted, gateway: { username: credentials.username, password: credentials.secret } };
}

/** `provisionFleet` in the server's PostgreSQL database at `databaseUrl`. */
export async function provisionFleetAt(
  databaseUrl: string,
  siteId: number,
  batteries: readonly BatterySpec[],
  gatewaySerial: string,
): Promise<Provisioned> {
  const db = await openPostgresDatabase({ connectionString: databaseUrl });
  try {
    return await provisionFleet(db, siteId, batteries, gatewaySerial);
  } finally {
    await db.close();
  }
}

/**
 * Waits until the broker lets the simulator in, as the gateway or, without one, anonymously: a server hears
 * credentials that another process changed within a couple of seconds. Rejects with the broker's answer when it
 * still refuses after `timeoutMs`, rather than leaving the fleet waiting for a connect that never comes.
 */
export async function waitForBrokerAccess(
  brokerUrl: string,
  gateway: Login | undefined,
  clientIdPrefix: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const clientId = gateway ? `${gateway.username}:probe` : `${clientIdPrefix}-probe`;
  for (;;) {
    try {
      const client = await mqtt.connectAsync(brokerUrl, {
        ...gateway,
        clientId,
        reconnectPeriod: 0,
        connectTimeout: 5_000,
      });
      await client.endAsync();
      return;
    } catch (error) {
      if (Date.now() >= deadline) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(
          gateway
            ? `The broker at ${brokerUrl} does not let ${gateway.username} in: ${reason}`
            : `The broker at ${brokerUrl} does not let the simulator in without credentials (${reason}): use --provision, or a gateway's --username and --password`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
