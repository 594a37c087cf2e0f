import type { Queryable } from '../../db/database';
import { deviceRegistryRepository } from './device-registry-repository';

export type { ChangedCredential, DeviceCredential } from './device-registry-repository';

/** What the embedded broker reads of the registry: a device's credential, and the credentials changed since a cursor. */
export function brokerCredentials(db: Queryable) {
  const { credential, changedSince, latestChange } = deviceRegistryRepository(db);
  return { credential, changedSince, latestChange };
}
export type BrokerCredentials = ReturnType<typeof brokerCredentials>;
