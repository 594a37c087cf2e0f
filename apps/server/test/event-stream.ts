import { EventEmitter, once } from 'node:events';
import { topicFor } from '@cbm/contracts/device-protocol';
import mqtt, { type Packet } from 'mqtt';
import { deviceEvent, json, uniqueId } from './mqtt-devices';

/** MQTT 5 PUBACK reason 0x10: the broker took the message but had no subscriber for it. */
const NO_MATCHING_SUBSCRIBERS = 16;

/**
 * A gateway publishing battery events at QoS 1 (MQTT 5, persistent session, reconnecting), at most
 * `inFlight` unacknowledged: event `seq` belongs to battery `seq % serials.length`. `acknowledged` maps
 * `serial/seq` of each event whose PUBACK said "delivered" to when it arrived (epoch ms); one answered "no matching subscribers" is
 * sent again (docs/protocol.md §4), as a device must.
 */
export function eventStream(url: string, serials: string[], start: number, inFlight = 20) {
  const device = mqtt.connect(url, {
    clientId: uniqueId('gateway'),
    protocolVersion: 5,
    clean: false,
    properties: { sessionExpiryInterval: 3600 },
    reconnectPeriod: 100,
  });
  const acks = new EventEmitter();
  const acknowledged = new Map<string, number>();
  const undelivered = new Set<number>();
  let pending = 0;
  let resent = 0;
  let paused = false;
  device.on('packetreceive', (packet: Packet) => {
    if (packet.cmd === 'puback' && packet.reasonCode === NO_MATCHING_SUBSCRIBERS) {
      undelivered.add(packet.messageId as number);
    }
  });
  device.on('error', () => undefined);
  const send = (seq: number) => {
    const serial = serials[seq % serials.length] as string;
    const ts = new Date(start + seq * 1000);
    device.publish(topicFor('battery', serial, 'event'), json(deviceEvent(seq, ts)), { qos: 1 }, (error, packet) => {
      // Only when the stream ends with events in flight: the test then fails on its counts.
      if (error) return;
      if (undelivered.delete(packet?.messageId as number)) {
        resent++;
        setTimeout(() => send(seq), 50);
        return;
      }
      pending--;
      acknowledged.set(`${serial}/${seq}`, performance.timeOrigin + performance.now());
      acks.emit('ack');
    });
  };
  return {
    acknowledged,
    get resent() {
      return resent;
    },
    /** Publishes events 1 … `count`, waiting for room in the window. */
    async publish(count: number) {
      for (let seq = 1; seq <= count; seq++) {
        while (pending >= inFlight || paused) await once(acks, 'ack');
        pending++;
        send(seq);
      }
    },
    /** Publishes nothing new until `resume`; resolves once every event sent so far is acknowledged. */
    async pause() {
      paused = true;
      while (pending > 0) await once(acks, 'ack');
    },
    resume() {
      paused = false;
      acks.emit('ack');
    },
    async acknowledgedAtLeast(count: number) {
      while (acknowledged.size < count) await once(acks, 'ack');
    },
    end: () => device.endAsync(),
  };
}
