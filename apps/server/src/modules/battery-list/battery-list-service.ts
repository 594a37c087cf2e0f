import type { Queryable } from '../../db/database';
import { batteryListRepository } from './battery-list-repository';

/** What other modules ask of the battery list: one battery of a site and the versions expected for its type. */
export function batteryListService(db: Queryable) {
  const batteries = batteryListRepository(db);
  return { find: batteries.find, expectedFor: batteries.expectedFor };
}
