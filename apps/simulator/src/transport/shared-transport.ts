import { DEVICE_CLASSES, parseTopic, TOPIC_ROOT, topicFor } from '@cbm/contracts/device-protocol';
import type { Clock } from '../clock';
import { type MqttSession, openSession } from './mqtt-session';
import {
  type DeviceAddress,
  type FleetCounters,
  type Login,
  QOS,
  type Transport,
  type TransportHandlers,
} from './transport';

/** Unacknowledged messages per shared connection before devices on it skip samples. */
const MAX_IN_FLIGHT = 20_000;

/**
 * Many devices multiplexed over a few connections, for load tests: each device still publishes on
 * its own topics, but a connection has one last will, so a crashed simulator leaves its devices
 * marked online; only a clean stop publishes their status offline.
 */
export function sharedTransport(
  brokerUrl: string,
  devices: readonly DeviceAddress[],
  connectionCount: number,
  handlers: TransportHandlers,
  counters: FleetCounters,
  clock: Clock,
  clientIdPrefix: string,
  gateway?: Login,
): Transport {
  const count = Math.max(1, Math.min(connectionCount, devices.length));
  const sessions: MqttSession[] = [];
  const home = new Map<string, number>();
  devices.forEach((device, index) => {
    home.set(`${device.deviceClass}/${device.serial}`, index % count);
  });
  for (let index = 0; index < count; index++) {
    // A gateway's client ids are its username and a suffix, one per connection.
    const clientId = gateway ? `${gateway.username}:${index}` : `${clientIdPrefix}-shared-${index}`;
    const session = openSession(brokerUrl, { clientId, ...gateway }, counters, clock);
    session.client.subscribe(
      DEVICE_CLASSES.map((deviceClass) => `${TOPIC_ROOT}/${deviceClass}/+/cmd`),
      { qos: QOS },
    );
    session.client.on('message', (topic, payload) => {
      const parsed = parseTopic(topic);
      // Every connection sees every command: only the device's own connection handles it.
      if (parsed && home.get(`${parsed.deviceClass}/${parsed.serial}`) === index) handlers.onCommand(parsed, payload);
    });
    sessions.push(session);
  }
  const sessionOf = (device: DeviceAddress) =>
    sessions[home.get(`${device.deviceClass}/${device.serial}`) ?? 0] as MqttSession;
  return {
    ready: Promise.all(sessions.map((session) => session.connected)).then(() => undefined),
    publish(device, channel, payload, retain = false) {
      sessionOf(device).publish(topicFor(device.deviceClass, device.serial, channel), payload, retain);
    },
    congested: (device) => sessionOf(device).inFlight() >= MAX_IN_FLIGHT,
    dropOut: (device, durationMs) => sessionOf(device).dropOut(durationMs),
    async stop() {
      const ts = new Date(clock.now()).toISOString();
      for (const device of devices) {
        sessionOf(device).publish(topicFor(device.deviceClass, device.serial, 'status'), { online: false, ts }, true);
      }
      await Promise.all(sessions.map((session) => session.end()));
    },
  };
}
