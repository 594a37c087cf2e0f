import type { Queryable } from '../../db/database';
import { batteryGroupRepository } from './battery-group-repository';

/** What other modules ask of battery groups: a group of a site, locked for the rest of the transaction. */
export function batteryGroupService(db: Queryable) {
  const groups = batteryGroupRepository(db);
  return { lock: groups.lock };
}
