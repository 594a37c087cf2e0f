import { topicFor } from '@cbm/contracts/device-protocol';
import mqtt from 'mqtt';

/** The gateway a bench server registered: its clients carry many batteries each. */
export interface Gateway {
  username: string;
  password: string;
}

/** A connection of the gateway (client ids `{username}:{n}`). */
let connectionCount = 0;

/**
 * A gateway connection that does not reconnect, and ends the bench with a message when the broker closes it: its
 * unacknowledged publishes would otherwise keep the bench waiting for ever. The broker disconnects a gateway whose
 * messages ingestion rejects past the bad-message budget (decision 078).
 */
export async function connectGateway(mqttUrl: string, gateway: Gateway) {
  const clientId = `${gateway.username}:${++connectionCount}`;
  const client = await mqtt.connectAsync(mqttUrl, { ...gateway, clientId, reconnectPeriod: 0 });
  client.on('close', () => {
    if (client.disconnecting) return;
    console.error(
      `The broker closed the bench gateway's connection ${clientId}: the server stopped, or ingestion rejected its ` +
        'messages past the bad-message budget (MQTT_BAD_MESSAGES_PER_MINUTE; see cbm_ingest_rejected_total). ' +
        'The bench cannot go on.',
    );
    process.exit(1);
  });
  return client;
}

/** A battery telemetry message the device protocol accepts (every field it requires). */
export const telemetry = (seq: number, ts: Date) =>
  JSON.stringify({
    seq,
    ts: ts.toISOString(),
    state: 'discharging',
    soc: 63.4,
    soh: 96.1,
    stackVoltage: 51.6,
    current: -142.5,
    minCellVoltage: 3.212,
    maxCellVoltage: 3.231,
    minCellTemperature: 22.5,
    maxCellTemperature: 29,
    totalEnergyChargedKwh: 18452.3,
    totalEnergyDischargedKwh: 17890.1 + seq / 1000,
    totalChargingHours: 4120.5,
    totalDischargingHours: 6310.2,
    totalStandbyHours: 2210.7,
  });

const TICK_MS = 20;

export interface PacedLoad {
  batteries: number;
  /** Messages a second in all. */
  rate: number;
  connections: number;
  /** Unacknowledged messages at most: a server behind the pace lowers the rate rather than queueing. */
  window: number;
}

/**
 * Battery telemetry (BENCH000001…) over `connections` gateway connections at QoS 1, paced at `rate` messages a
 * second between them, each battery once a second of device time (its own phase within the second). What the server
 * did not take while the window was full is not made up later; what a late timer held back is (up to a second of it).
 */
export async function pacedTelemetry(mqttUrl: string, gateway: Gateway, load: PacedLoad) {
  const { batteries, rate, connections, window } = load;
  const clients = await Promise.all(Array.from({ length: connections }, () => connectGateway(mqttUrl, gateway)));
  const perClient = Math.floor(batteries / connections);
  const start = Date.now() - 3_600_000;
  let acked = 0;
  let inFlight = 0;
  const publishers = clients.map((client, index) => {
    let sent = 0;
    let due = 0;
    let tick = performance.now();
    return setInterval(() => {
      // Timers run late on a busy machine: what is due follows the time that passed, not the ticks.
      const now = performance.now();
      due = Math.min(due + ((rate / connections) * (now - tick)) / 1000, rate / connections);
      tick = now;
      for (; due >= 1 && inFlight < window; due--, sent++) {
        const battery = index * perClient + 1 + (sent % perClient);
        const ts = new Date(start + Math.floor(sent / perClient) * 1000 + ((battery * 7919) % 1000));
        inFlight++;
        const serial = `BENCH${String(battery).padStart(6, '0')}`;
        client.publish(topicFor('battery', serial, 'telemetry'), telemetry(sent, ts), { qos: 1 }, () => {
          inFlight--;
          acked++;
        });
      }
      if (inFlight >= window) due = 0;
    }, TICK_MS);
  });
  return {
    acked: () => acked,
    async stop() {
      for (const publisher of publishers) clearInterval(publisher);
      while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      for (const client of clients) await client.endAsync();
    },
  };
}
