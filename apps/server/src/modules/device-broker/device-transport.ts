import type { BrokerMetrics } from '@cbm/contracts/ingest-metrics';
import type { RawDeviceMessage, SinkVerdict } from '../device-protocol/device-message';

/** The MQTT side of the device channel: an embedded broker, or a client of an external one. */
export interface DeviceTransport {
  /** Where devices connect (the embedded broker's address, or MQTT_URL without credentials). */
  readonly url: string;
  /** Publishes a command (QoS 1, not retained). */
  publish(topic: string, payload: string): Promise<void>;
  /** The connection's state for GET /api/v2/metrics. */
  status(): BrokerMetrics;
  close(): Promise<void>;
}

/** Hands a device message to ingestion; settles once it is stored (or rejected), saying whether it was malformed. */
export type MessageSink = (message: RawDeviceMessage) => Promise<SinkVerdict>;
