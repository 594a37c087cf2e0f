import type { PlatformUser } from './broker-files';
import type { DeviceCredential } from './device-registry-repository';
import { parseSecretHash } from './device-secret';
import { ADMIN_ROLE, type DynsecRole, deviceRole, PLATFORM_ROLE } from './dynsec-commands';

type Entry = DeviceCredential & { username: string };

/** What `mosquitto_ctrl dynsec init` sets: clients may neither publish nor subscribe unless a role allows it. */
const DEFAULT_ACL_ACCESS = {
  publishClientSend: false,
  publishClientReceive: true,
  subscribe: false,
  unsubscribe: true,
};

/**
 * A user of the plugin's file with the registry's own hash: Mosquitto's `$7$iterations$salt$hash` holds the
 * PBKDF2-SHA512 hash (64 bytes), salt (12 bytes) and iterations that the file keeps in fields of their own.
 */
function client({ username, secretHash }: PlatformUser, role: DynsecRole, disabled: boolean) {
  const parts = parseSecretHash(secretHash);
  if (!parts) throw new Error(`The hash of ${username} is not a Mosquitto $7$ hash`);
  const { hash, salt, iterations } = parts;
  return {
    username,
    password: hash,
    salt,
    iterations,
    ...(disabled ? { disabled } : {}),
    roles: [{ rolename: role.rolename }],
  };
}

/**
 * The dynamic-security plugin's whole configuration from the registry (decision 132): the admin (MQTT_DYNSEC_URL)
 * and the platform's user (MQTT_URL) when given, and every device, revoked ones disabled, each with its role.
 */
export function dynsecFile(entries: readonly Entry[], platform?: PlatformUser, admin?: PlatformUser): string {
  const users: (readonly [PlatformUser, DynsecRole, boolean])[] = [
    ...(admin ? [[admin, ADMIN_ROLE, false] as const] : []),
    ...(platform ? [[platform, PLATFORM_ROLE, false] as const] : []),
    ...entries.map((entry) => [entry, deviceRole(entry), entry.revoked] as const),
  ];
  const config = {
    defaultACLAccess: DEFAULT_ACL_ACCESS,
    clients: users.map(([user, role, disabled]) => client(user, role, disabled)),
    groups: [],
    roles: users.map(([, role]) => role),
  };
  return `${JSON.stringify(config, null, 1)}\n`;
}
