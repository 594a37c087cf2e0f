import { mqttUsername } from '@cbm/contracts/device-registry';
import { deviceTopics, PLATFORM_TOPICS } from './broker-files';
import type { DeviceCredential } from './device-registry-repository';

/**
 * Commands of Mosquitto's dynamic-security plugin (2.0: `$CONTROL/dynamic-security/v1`) and the roles CBM keeps
 * there (decision 132): one role per device with its own topics, as the acl_file has them.
 */
export interface DynsecCommand {
  command: string;
  [field: string]: unknown;
}
type AclType = 'publishClientSend' | 'publishClientReceive' | 'subscribePattern';
export interface DynsecRole {
  rolename: string;
  acls: { acltype: AclType; topic: string; allow: true }[];
}

const acl = (acltype: AclType, topic: string) => ({ acltype, topic, allow: true as const });

/** A device's role, named like its user: publish its own topics, subscribe to and receive its own commands. */
export function deviceRole(entry: Pick<DeviceCredential, 'deviceClass' | 'serialNumber'>): DynsecRole {
  const { publish, read } = deviceTopics(entry);
  return {
    rolename: mqttUsername(entry.deviceClass, entry.serialNumber),
    acls: [
      ...publish.map((topic) => acl('publishClientSend', topic)),
      acl('subscribePattern', read),
      acl('publishClientReceive', read),
    ],
  };
}

/** The platform's user (MQTT_URL): everything under `cbm/`, shared subscriptions (`$share/…/cbm/…`) included. */
export const PLATFORM_ROLE: DynsecRole = {
  rolename: 'cbm-platform',
  acls: [
    acl('publishClientSend', PLATFORM_TOPICS),
    acl('publishClientReceive', PLATFORM_TOPICS),
    acl('subscribePattern', PLATFORM_TOPICS),
    acl('subscribePattern', `$share/+/${PLATFORM_TOPICS}`),
  ],
};

/** The dynamic-security admin (MQTT_DYNSEC_URL): its control topics only, as `mosquitto_ctrl dynsec init` gives. */
export const ADMIN_ROLE: DynsecRole = {
  rolename: 'cbm-dynsec-admin',
  acls: ['publishClientSend', 'publishClientReceive', 'subscribePattern'].map((type) =>
    acl(type as AclType, '$CONTROL/dynamic-security/#'),
  ),
};

/** A new user with its role; a role or user there already answers an error that `upsert` below takes in its stride. */
export const createUser = (username: string, password: string, role: DynsecRole): DynsecCommand[] => [
  { command: 'createRole', ...role },
  { command: 'createClient', username, password, roles: [{ rolename: role.rolename }] },
];

/** A user there already: the new password and its role (the broker disconnects it), let in again. */
export const replaceUser = (username: string, password: string, role: DynsecRole): DynsecCommand[] => [
  { command: 'modifyClient', username, password, roles: [{ rolename: role.rolename }] },
  { command: 'enableClient', username },
];

/** Disables a user: its connections are closed at once and it cannot connect again (until `replaceUser`). */
export const disableUser = (username: string): DynsecCommand[] => [{ command: 'disableClient', username }];
