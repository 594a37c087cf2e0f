import type { DeviceLimitState } from '@cbm/contracts/device-registry';
import type { BrokerMetrics } from '@cbm/contracts/ingest-metrics';
import type { CommandDeliveryListener } from '../device-commands/command-redelivery';
import type { CommandReplyListener } from '../device-commands/command-replies';
import type { CommandService } from '../device-commands/command-service';
import type { SampleListener } from '../device-ingestion/battery-sample';
import type { EventListener } from '../device-ingestion/event-listener';
import type { IngestMetrics } from '../device-ingestion/ingest-metrics';
import type { MdloadListener } from '../device-ingestion/mdload-reading';
import type { CredentialChange } from '../device-registry/device-registry-service';
import type { LiveHub } from '../live-updates/live-hub';

/** The device channel other modules use (app.devices). */
export interface DeviceChannel {
  /** Where devices connect: the embedded broker's address, or MQTT_URL; undefined before the app is ready. */
  readonly brokerUrl: string | undefined;
  /** The embedded broker's TLS address (mqtts://), when it has a TLS listener. */
  readonly brokerTlsUrl: string | undefined;
  /**
   * A credential was registered, rotated or revoked: the embedded broker forgets it and closes its connections;
   * an external Mosquitto with MQTT_DYNSEC_URL gets the change at once (decision 132); the RabbitMQ tier with
   * RABBITMQ_MANAGEMENT_URLS closes the device's connections on every node (decision 138).
   */
  credentialsChanged(change: CredentialChange): Promise<void>;
  readonly sendCommand: CommandService['sendCommand'];
  readonly sendCommands: CommandService['sendCommands'];
  readonly awaitReply: CommandService['awaitReply'];
  readonly awaitData: CommandService['awaitData'];
  readonly refresh: CommandService['refresh'];
  /** Runs inside each storing transaction with the new battery samples (roll-ups). Register before ready. */
  addSampleListener(listener: SampleListener): void;
  /** Runs inside each storing transaction with the new command replies (datalogs, updates). */
  addReplyListener(listener: CommandReplyListener): void;
  /** Asked before a command without an answer goes out again, and told when one is given up (updates). */
  addDeliveryListener(listener: CommandDeliveryListener): void;
  /** Runs inside each storing transaction with the new device events (alerts). Register before ready. */
  addEventListener(listener: EventListener): void;
  /** Runs inside each storing transaction with the charger-station units' new power (threshold alarms). */
  addMdloadListener(listener: MdloadListener): void;
  readonly metrics: IngestMetrics;
  /** This process's connection to the device broker (metrics, readiness). */
  brokerStatus(): BrokerMetrics;
  readonly live: LiveHub;
  /** A limit the embedded broker holds a username to right now (throttled, backing off), if any. */
  limitState(username: string): DeviceLimitState | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    devices: DeviceChannel;
  }
}
