import { type DeviceLimitState, GATEWAY_CLASS } from '@cbm/contracts/device-registry';
import type { Config } from '../../config';
import type { Principal } from './broker-access';
import { TokenBucket } from './token-bucket';

export interface DeviceLimitSettings {
  /** Publishes per second and connection of a device, and of a gateway (which carries many devices). */
  devicePublishesPerSecond: number;
  gatewayPublishesPerSecond: number;
  /** The burst allowance, in seconds of the rate. */
  burstSeconds: number;
  /** Malformed or invalid messages a connection may send per minute before it is disconnected. */
  badMessagesPerMinute: number;
  /** How long a device disconnected for bad messages is refused on reconnect. */
  backoffSeconds: number;
}

export function deviceLimitSettings(
  config: Pick<
    Config,
    | 'MQTT_DEVICE_PUBLISHES_PER_SECOND'
    | 'MQTT_GATEWAY_PUBLISHES_PER_SECOND'
    | 'MQTT_PUBLISH_BURST_SECONDS'
    | 'MQTT_BAD_MESSAGES_PER_MINUTE'
    | 'MQTT_BAD_MESSAGE_BACKOFF_SECONDS'
  >,
): DeviceLimitSettings {
  return {
    devicePublishesPerSecond: config.MQTT_DEVICE_PUBLISHES_PER_SECOND,
    gatewayPublishesPerSecond: config.MQTT_GATEWAY_PUBLISHES_PER_SECOND,
    burstSeconds: config.MQTT_PUBLISH_BURST_SECONDS,
    badMessagesPerMinute: config.MQTT_BAD_MESSAGES_PER_MINUTE,
    backoffSeconds: config.MQTT_BAD_MESSAGE_BACKOFF_SECONDS,
  };
}

/** How long a throttled device is shown as such after its last wait. */
const THROTTLED_SHOWN_MS = 60_000;
/** Remembered states are bounded, like the broker's other per-client memory. */
const REMEMBERED_MAX = 100_000;

const remember = <V>(map: Map<string, V>, key: string, value: V) => {
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED_MAX) map.delete(map.keys().next().value as string);
};

/**
 * Per-connection admission before a device message is parsed (decision 078): a publish rate with a burst
 * allowance, throttled by holding the publish (and so the socket's next read), and a budget of bad messages
 * after which the device is disconnected and refused for a back-off period.
 */
export class DeviceLimits {
  private readonly throttledAt = new Map<string, number>();
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    private readonly settings: DeviceLimitSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** The buckets of a new connection. */
  connection(principal: Principal): { publishes: TokenBucket; badMessages: TokenBucket } {
    const { devicePublishesPerSecond, gatewayPublishesPerSecond, burstSeconds, badMessagesPerMinute } = this.settings;
    const rate = principal.deviceClass === GATEWAY_CLASS ? gatewayPublishesPerSecond : devicePublishesPerSecond;
    const now = this.now();
    return {
      publishes: new TokenBucket(rate, Math.max(1, rate * burstSeconds), now),
      badMessages: new TokenBucket(badMessagesPerMinute / 60, badMessagesPerMinute, now),
    };
  }

  /** Milliseconds the publish must wait for its turn (0: at once); a wait marks the device throttled. */
  admit(username: string, publishes: TokenBucket): number {
    const now = this.now();
    const wait = publishes.take(now);
    if (wait > 0) remember(this.throttledAt, username, now);
    return wait;
  }

  /** A bad message; true when the budget is spent and the device is now refused for the back-off period. */
  bad(username: string, { badMessages }: { badMessages: TokenBucket }): boolean {
    const now = this.now();
    if (badMessages.take(now) === 0) return false;
    remember(this.blockedUntil, username, now + this.settings.backoffSeconds * 1000);
    return true;
  }

  /** Whether the username is within its back-off period. */
  backingOff(username: string): boolean {
    return (this.blockedUntil.get(username) ?? 0) > this.now();
  }

  /** What the Devices page shows of a username, if anything. */
  state(username: string): DeviceLimitState | null {
    const now = this.now();
    const until = this.blockedUntil.get(username) ?? 0;
    if (until > now) return { limit: 'bad-messages', until: new Date(until).toISOString() };
    const throttled = this.throttledAt.get(username) ?? 0;
    if (now - throttled < THROTTLED_SHOWN_MS) return { limit: 'throttled', until: null };
    return null;
  }
}
