import { rename, writeFile } from 'node:fs/promises';
import { TOPIC_ROOT } from '@cbm/contracts/device-protocol';
import { GATEWAY_CLASS } from '@cbm/contracts/device-registry';
import type { DeviceCredential } from './device-registry-repository';

type Entry = DeviceCredential & { username: string };

/** What a device publishes (its own topics) and reads (its own commands); a gateway the same for every device. */
const PUBLISHED = ['telemetry', 'event', 'info', 'status', 'cmd/reply'];
/** What the platform's own user (MQTT_URL's) may read and write: everything under `cbm/`. */
export const PLATFORM_TOPICS = 'cbm/#';
const HEADER = '# Written by `npm run cli -- devices broker-sync` from the CBM device registry: do not edit.\n';

export interface PlatformUser {
  username: string;
  secretHash: string;
}

/** Mosquitto's password_file: `username:$7$…` for every credential not revoked (and the platform's own user). */
export function passwordFile(entries: readonly Entry[], platform?: PlatformUser): string {
  const lines = entries.filter((entry) => !entry.revoked).map((entry) => `${entry.username}:${entry.secretHash}`);
  if (platform) lines.unshift(`${platform.username}:${platform.secretHash}`);
  return `${lines.join('\n')}\n`;
}

/** The topics a device (or gateway) may publish to and the one it reads; the same for acl_file and dynsec roles. */
export function deviceTopics(entry: Pick<DeviceCredential, 'deviceClass' | 'serialNumber'>) {
  const base =
    entry.deviceClass === GATEWAY_CLASS
      ? `${TOPIC_ROOT}/+/+`
      : `${TOPIC_ROOT}/${entry.deviceClass}/${entry.serialNumber}`;
  return { publish: PUBLISHED.map((channel) => `${base}/${channel}`), read: `${base}/cmd` };
}

function topicsOf(entry: Entry): string[] {
  const { publish, read } = deviceTopics(entry);
  return [...publish.map((topic) => `topic write ${topic}`), `topic read ${read}`];
}

/**
 * Mosquitto's acl_file: per user the topics above; the platform's user reads and writes under `cbm/` (ingestion
 * through `$share/…`, commands, the replicas' `cbm/internal/…`). Anything not named is closed, `#` included.
 */
export function aclFile(entries: readonly Entry[], platform?: PlatformUser): string {
  const blocks = entries
    .filter((entry) => !entry.revoked)
    .map((entry) => [`user ${entry.username}`, ...topicsOf(entry)].join('\n'));
  if (platform) blocks.unshift(`user ${platform.username}\ntopic readwrite ${PLATFORM_TOPICS}`);
  return `${HEADER}\n${blocks.join('\n\n')}\n`;
}

/** Replaces a file at once (write beside it, then rename), so the broker never reads half of it. */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text, { mode: 0o600 });
  await rename(temporary, file);
}
