import type { Database } from '../../db/database';
import { aclFile, type PlatformUser, passwordFile, writeAtomically } from './broker-files';
import type { BrokerUserSync, SyncLog } from './broker-user-sync';
import type { DeviceRegistryRepository } from './device-registry-repository';
import { deviceRegistryRepository } from './device-registry-repository';
import type { CredentialChange } from './device-registry-service';
import { hashSecret } from './device-secret';
import { type DynsecClient, dynsecClient } from './dynsec-client';
import { disableUser, PLATFORM_ROLE } from './dynsec-commands';
import { dynsecFile } from './dynsec-file';
import { check, DynsecSync, upsertUser } from './dynsec-sync';
import { rabbitConnectionSync } from './rabbitmq-connections';

/**
 * Where the CLI finds the broker's users: MQTT_URL's (the platform's) and MQTT_DYNSEC_URL's (the admin's), or the
 * RabbitMQ tier's management API (RABBITMQ_MANAGEMENT_URLS).
 */
export interface BrokerUrls {
  platformUrl?: string;
  dynsecUrl?: string;
  rabbitmqManagementUrls?: string[];
}
export interface BrokerSyncValues {
  'password-file'?: string;
  'acl-file'?: string;
  'dynsec-file'?: string;
  dynsec?: boolean;
  pid?: string;
}

const DISABLES_PER_MESSAGE = 100;
const LISTED_MAX = 10;

/** A URL's user and password (mqtt://user:password@host), if it has both. */
function userOf(url?: string): { username: string; password: string } | undefined {
  if (!url) return undefined;
  const parsed = new URL(url);
  if (!parsed.username || !parsed.password) return undefined;
  return { username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) };
}

async function hashedUserOf(url?: string): Promise<PlatformUser | undefined> {
  const user = userOf(url);
  return user && { username: user.username, secretHash: await hashSecret(user.password) };
}

/**
 * `devices broker-sync`: the whole registry into Mosquitto's password and ACL files (then SIGHUP --pid), into the
 * dynamic-security plugin's file (--dynsec-file, Mosquitto stopped: it reads the file at start only), or into the
 * running plugin as far as commands can (--dynsec; decision 132).
 */
export async function brokerSync(db: Database, values: BrokerSyncValues, urls: BrokerUrls) {
  const registry = deviceRegistryRepository(db);
  if (values['dynsec-file']) return writeDynsecFile(registry, values['dynsec-file'], urls);
  if (values.dynsec) return syncRunningDynsec(registry, urls);
  const [passwords, acls] = [values['password-file'], values['acl-file']];
  if (!passwords || !acls)
    throw new Error('broker-sync needs --password-file and --acl-file, --dynsec-file or --dynsec');
  const entries = await registry.all();
  const platform = await hashedUserOf(urls.platformUrl);
  await writeAtomically(passwords, passwordFile(entries, platform));
  await writeAtomically(acls, aclFile(entries, platform));
  const live = entries.filter((entry) => !entry.revoked).length;
  console.log(`Wrote ${live} credentials${platform ? ` and the platform user ${platform.username}` : ''}.`);
  if (values.pid) {
    process.kill(Number(values.pid), 'SIGHUP');
    console.log(`Asked process ${values.pid} to reload.`);
  }
}

async function writeDynsecFile(registry: DeviceRegistryRepository, file: string, urls: BrokerUrls) {
  const entries = await registry.all();
  const [platform, admin] = await Promise.all([hashedUserOf(urls.platformUrl), hashedUserOf(urls.dynsecUrl)]);
  await writeAtomically(file, dynsecFile(entries, platform, admin));
  const users = [admin && `the admin ${admin.username}`, platform && `the platform user ${platform.username}`];
  const named = users.filter(Boolean).join(' and ');
  console.log(
    `Wrote ${entries.length} device users (${entries.filter((e) => e.revoked).length} disabled)${named ? ` and ${named}` : ''}.`,
  );
}

/** Connects as the admin, or fails saying why. */
async function adminClient(urls: BrokerUrls): Promise<DynsecClient> {
  if (!urls.dynsecUrl) throw new Error('MQTT_DYNSEC_URL (the dynamic-security admin) is not set');
  const client = dynsecClient(urls.dynsecUrl, `cbm-cli-${process.pid}`);
  if (await client.ready()) return client;
  await client.close();
  throw new Error('Mosquitto cannot be reached at MQTT_DYNSEC_URL');
}

/**
 * The running plugin brought as close to the registry as commands can: the platform's user, every revoked
 * device disabled. A device whose user is missing or disabled cannot be mended (commands take a password, and the
 * registry keeps only its hash): it is named, to be rotated or written with --dynsec-file.
 */
async function syncRunningDynsec(registry: DeviceRegistryRepository, urls: BrokerUrls) {
  const client = await adminClient(urls);
  try {
    const platform = userOf(urls.platformUrl);
    if (platform) await upsertUser(client, platform.username, platform.password, PLATFORM_ROLE);
    const [listed] = await client.run([{ command: 'listClients', verbose: true }]);
    check(listed ? [listed] : [], []);
    const clients = (listed?.data as { clients?: { username: string; disabled?: boolean }[] })?.clients ?? [];
    const enabled = new Map(clients.map((user) => [user.username, !user.disabled]));
    const entries = await registry.all();
    const toDisable = entries.filter((entry) => entry.revoked && enabled.get(entry.username) === true);
    for (let start = 0; start < toDisable.length; start += DISABLES_PER_MESSAGE) {
      const chunk = toDisable.slice(start, start + DISABLES_PER_MESSAGE);
      check(await client.run(chunk.flatMap((entry) => disableUser(entry.username))), ['Client not found']);
    }
    const missing = entries.filter((entry) => !entry.revoked && enabled.get(entry.username) !== true);
    console.log(
      `Disabled ${toDisable.length} revoked device users${platform ? `; the platform user ${platform.username} is in place` : ''}.`,
    );
    if (missing.length > 0) {
      const names = missing.slice(0, LISTED_MAX).map((entry) => entry.username);
      throw new Error(
        `${missing.length} registered devices have no enabled user at Mosquitto (${names.join(', ')}${missing.length > LISTED_MAX ? ', …' : ''}): rotate them, or stop Mosquitto and run broker-sync --dynsec-file`,
      );
    }
  } finally {
    await client.close();
  }
}

/** The sync the CLI's changes go through: Mosquitto's plugin (MQTT_DYNSEC_URL) or RabbitMQ's management API. */
async function cliSync(urls: BrokerUrls, log: SyncLog): Promise<BrokerUserSync | undefined> {
  if (urls.rabbitmqManagementUrls) return rabbitConnectionSync(urls.rabbitmqManagementUrls, log);
  if (!urls.dynsecUrl) return undefined;
  // Not reached: the registry still changes (a revocation above all), and `finish` says the broker did not take it.
  const client = dynsecClient(urls.dynsecUrl, `cbm-cli-${process.pid}`);
  await client.ready();
  return new DynsecSync(client, log);
}

/**
 * What the CLI's register, rotate and revoke tell the broker at once: Mosquitto's users with MQTT_DYNSEC_URL
 * (decision 132), the RabbitMQ tier's connections with RABBITMQ_MANAGEMENT_URLS (decision 138). `finish` fails
 * when the broker did not take every change (the registry has it: broker-sync --dynsec finds what Mosquitto misses).
 */
export async function cliBrokerUsers(urls: BrokerUrls) {
  const log = { error: (fields: { err?: unknown }, message: string) => console.error(`${message}: ${fields.err}`) };
  const sync = await cliSync(urls, log);
  if (!sync) return { onChanged: async (_change: CredentialChange) => {}, finish: async () => {} };
  return {
    onChanged: (change: CredentialChange) => sync.apply(change),
    async finish() {
      const { pending } = sync.metrics();
      await sync.close();
      if (pending > 0) throw new Error(`The broker did not take ${pending} change(s); the registry has them`);
    },
  };
}
