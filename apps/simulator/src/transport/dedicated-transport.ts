import { topicFor } from '@cbm/contracts/device-protocol';
import type { Clock } from '../clock';
import { type MqttSession, openSession } from './mqtt-session';
import {
  type DeviceAddress,
  type FleetCounters,
  type FleetLogins,
  QOS,
  type Transport,
  type TransportHandlers,
} from './transport';

/** Unacknowledged messages a device buffers before it skips samples (about 80 minutes at 10 s). */
const MAX_IN_FLIGHT = 500;

// A will is fixed when connecting, so it carries no timestamp: the platform stamps it on receipt.
const WILL_PAYLOAD = JSON.stringify({ online: false });

/**
 * One MQTT connection per device, as a real device has: its own last will on …/status, so the
 * broker reports it offline when its connection dies.
 */
export function dedicatedTransport(
  brokerUrl: string,
  devices: readonly DeviceAddress[],
  handlers: TransportHandlers,
  counters: FleetCounters,
  clock: Clock,
  clientIdPrefix: string,
  logins: FleetLogins = {},
): Transport {
  const sessions = new Map<string, MqttSession>();
  for (const device of devices) {
    const statusTopic = topicFor(device.deviceClass, device.serial, 'status');
    const will = { topic: statusTopic, payload: Buffer.from(WILL_PAYLOAD), qos: QOS, retain: true } as const;
    // A registered device's client id is its username; a gateway's connections add a suffix each.
    const own = logins.device?.(device);
    const name = `${device.deviceClass}-${device.serial}`;
    const clientId = own
      ? own.username
      : logins.gateway
        ? `${logins.gateway.username}:${name}`
        : `${clientIdPrefix}-${name}`;
    const login = own ?? logins.gateway;
    const session = openSession(brokerUrl, { clientId, will, ...login }, counters, clock);
    const { client } = session;
    let connectedBefore = false;
    client.on('connect', () => {
      if (connectedBefore) handlers.onReconnect(device);
      connectedBefore = true;
    });
    client.subscribe(topicFor(device.deviceClass, device.serial, 'cmd'), { qos: QOS });
    client.on('message', (_topic, payload) => handlers.onCommand(device, payload));
    sessions.set(device.serial, session);
  }
  const sessionOf = (device: DeviceAddress) => sessions.get(device.serial) as MqttSession;
  return {
    ready: Promise.all([...sessions.values()].map((session) => session.connected)).then(() => undefined),
    publish(device, channel, payload, retain = false) {
      sessionOf(device).publish(topicFor(device.deviceClass, device.serial, channel), payload, retain);
    },
    congested: (device) => sessionOf(device).inFlight() >= MAX_IN_FLIGHT,
    dropOut: (device, durationMs) => sessionOf(device).dropOut(durationMs),
    async stop() {
      // A clean disconnect sends no last will: say offline first.
      const offline = { online: false, ts: new Date(clock.now()).toISOString() };
      for (const device of devices)
        sessionOf(device).publish(topicFor(device.deviceClass, device.serial, 'status'), offline, true);
      await Promise.all([...sessions.values()].map((session) => session.end()));
    },
  };
}
