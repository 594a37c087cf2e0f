import type { TLSSocket } from 'node:tls';
import { DEVICE_CLASSES, parseTopic, TOPIC_ROOT, topicVersion } from '@cbm/contracts/device-protocol';
import { GATEWAY_CLASS, REGISTRY_CLASSES, type RegistryClass } from '@cbm/contracts/device-registry';
import type { BrokerRefusal } from '@cbm/contracts/ingest-metrics';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceCredential } from '../device-registry/broker-credentials';
import { secretDigest, verifySecret } from '../device-registry/device-secret';

/**
 * A topic of another protocol version is judged as this version's: a device's own reaches ingestion, which
 * counts it as `unsupported-version` (decision 022); another device's is refused like any other.
 */
function inThisVersion(topic: string): string {
  const version = topicVersion(topic);
  return version ? `${TOPIC_ROOT}/${topic.slice(`cbm/${version}/`.length)}` : topic;
}

/** Who a connection is: a device (only its own topics) or a gateway (the device topics of any device). */
export interface Principal {
  username: string;
  deviceClass: RegistryClass;
  serial: string;
  /** What it proved itself with (the secret's stored hash, or `cert:` and the fingerprint): a change ends it. */
  proof: string;
}

export interface CredentialSource {
  credential(deviceClass: string, serial: string): Promise<DeviceCredential | undefined>;
}

/** MQTT 3.1.1 CONNACK return codes (aedes speaks 3.1.1 only). */
const CONNACK = { identifierRejected: 2, badCredentials: 4, notAuthorized: 5 } as const;
const RETAINED_CHANNELS = new Set(['status', 'info']);
const DEVICE_CHANNELS = new Set(['telemetry', 'event', 'info', 'status', 'cmd/reply']);
const GATEWAY_SUBSCRIPTION = new RegExp(
  `^${TOPIC_ROOT}/(${DEVICE_CLASSES.join('|')}|\\+)/([A-Za-z0-9][A-Za-z0-9._-]{0,63}|\\+)/cmd$`,
);
const USERNAME = new RegExp(`^(${REGISTRY_CLASSES.join('|')})-(.+)$`);
const NEGATIVE_TTL_MS = 5_000;
const CACHE_MAX = 200_000;
const LOGGED_MAX = 10_000;

/** The device or gateway a broker username names (`battery-SN1`, `gateway-G1`), or undefined. */
export function principalOf(username: string | undefined): Principal | undefined {
  const match = username ? USERNAME.exec(username) : null;
  if (!username || !match) return undefined;
  return { username, deviceClass: match[1] as RegistryClass, serial: match[2] as string, proof: '' };
}

export class Refusal extends Error {
  constructor(
    readonly reason: BrokerRefusal,
    readonly returnCode: number,
  ) {
    super(reason);
  }
}

interface Cached {
  credential: DeviceCredential | undefined;
  /** Digests of secrets that matched the current hash: a reconnect skips PBKDF2. */
  verified: Set<string>;
  expiresAt: number;
}

/**
 * The embedded broker's access rules (docs/decisions/021-device-registry.md): every connection authenticates as a
 * registered device or gateway; a device reaches only its own topics. Credentials are cached in memory (a miss is
 * looked up once and remembered for a few seconds) so other devices never wait for a lookup or a hash.
 */
export class BrokerAccess {
  private readonly cache = new Map<string, Cached>();
  private readonly logged = new Set<string>();

  constructor(
    private readonly source: CredentialSource,
    private readonly onRefused: (refusal: BrokerRefusal) => void,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    /** With a CA for client certificates, a certificate must also be signed by it. */
    private readonly requireCaSignedCert = false,
  ) {}

  /** Forgets a username's cached credential (it was registered, rotated or revoked). */
  evict(username: string) {
    this.cache.delete(username);
  }

  /** Resolves with the principal, or rejects with a Refusal carrying the CONNACK return code. */
  async authenticate(clientId: string, conn: unknown, username?: string, password?: Buffer): Promise<Principal> {
    const principal = principalOf(username);
    if (!username || !principal) throw this.refuse(clientId, 'connect:no-credentials', CONNACK.badCredentials);
    const ownId =
      clientId === username || (principal.deviceClass === GATEWAY_CLASS && clientId.startsWith(`${username}:`));
    if (!ownId) throw this.refuse(clientId, 'connect:wrong-client-id', CONNACK.identifierRejected);
    const cached = await this.lookup(principal);
    if (!cached.credential) throw this.refuse(username, 'connect:bad-credentials', CONNACK.badCredentials);
    if (cached.credential.revoked) throw this.refuse(username, 'connect:revoked', CONNACK.notAuthorized);
    const credential = cached.credential;
    if (this.certificateMatches(conn, credential)) return { ...principal, proof: `cert:${credential.certFingerprint}` };
    if (password && (await this.secretMatches(cached, password.toString('utf8')))) {
      return { ...principal, proof: credential.secretHash };
    }
    throw this.refuse(username, 'connect:bad-credentials', CONNACK.badCredentials);
  }

  /** Whether a connection's credentials still hold (after a change: not revoked, the same secret or certificate). */
  async stillValid(principal: Principal): Promise<boolean> {
    const { credential } = await this.lookup(principal);
    if (!credential || credential.revoked) return false;
    return principal.proof === credential.secretHash || principal.proof === `cert:${credential.certFingerprint}`;
  }

  /** Undefined when the principal may publish there, else why not. */
  publishRefusal(principal: Principal, topic: string, retain: boolean): BrokerRefusal | undefined {
    const parsed = parseTopic(inThisVersion(topic));
    const own =
      parsed !== undefined &&
      DEVICE_CHANNELS.has(parsed.channel) &&
      (principal.deviceClass === GATEWAY_CLASS ||
        (parsed.deviceClass === principal.deviceClass && parsed.serial === principal.serial));
    if (!own) return 'publish:not-own-topic';
    if (retain && !RETAINED_CHANNELS.has(parsed.channel)) return 'publish:retain-not-allowed';
    return undefined;
  }

  /** Whether the principal may subscribe to the filter: its own `cmd`; a gateway any device's (with `+`). */
  maySubscribe(principal: Principal, filter: string): boolean {
    if (principal.deviceClass !== GATEWAY_CLASS) {
      return filter === `${TOPIC_ROOT}/${principal.deviceClass}/${principal.serial}/cmd`;
    }
    return GATEWAY_SUBSCRIPTION.test(filter);
  }

  /** Counts a refusal and logs it once per client and reason. */
  refused(who: string, reason: BrokerRefusal) {
    this.onRefused(reason);
    const key = `${who}\u0000${reason}`;
    if (this.logged.has(key)) return;
    if (this.logged.size >= LOGGED_MAX) this.logged.clear();
    this.logged.add(key);
    this.log.warn({ client: who, reason }, 'MQTT %s refused', reason.split(':')[0]);
  }

  private refuse(who: string, reason: BrokerRefusal, returnCode: number) {
    this.refused(who, reason);
    return new Refusal(reason, returnCode);
  }

  private async lookup(principal: Principal): Promise<Cached> {
    const hit = this.cache.get(principal.username);
    if (hit && (hit.credential || hit.expiresAt > Date.now())) return hit;
    const credential = await this.source.credential(principal.deviceClass, principal.serial);
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    const entry = { credential, verified: new Set<string>(), expiresAt: Date.now() + NEGATIVE_TTL_MS };
    this.cache.set(principal.username, entry);
    return entry;
  }

  private async secretMatches(cached: Cached, secret: string): Promise<boolean> {
    const digest = secretDigest(secret);
    if (cached.verified.has(digest)) return true;
    if (!(await verifySecret(secret, cached.credential?.secretHash ?? ''))) return false;
    cached.verified.add(digest);
    return true;
  }

  private certificateMatches(conn: unknown, credential: DeviceCredential): boolean {
    const socket = conn as Partial<TLSSocket>;
    if (!credential.certFingerprint || typeof socket.getPeerCertificate !== 'function') return false;
    if (this.requireCaSignedCert && !socket.authorized) return false;
    const fingerprint = socket.getPeerCertificate().fingerprint256?.replaceAll(':', '').toLowerCase();
    return fingerprint === credential.certFingerprint;
  }
}
