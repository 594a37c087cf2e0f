import { DEMO_PASSWORD, DEMO_USERS } from '@cbm/demo-fixtures/demo-users';
import type { Database } from '../db/database';
import { hashPassword } from '../modules/identity/passwords';
import { userRepository } from '../modules/users/user-repository';
import { DEMO_SEED, generateFleet } from './demo-fleet';
import { prepareHistoryPartitions, seedDemoHistory } from './history';
import { seedDemoAlarms, seedDemoAlerts } from './seed-alerts';
import { seedFleet } from './seed-fleet';
import { type SeededSites, seedSites } from './seed-sites';

export interface SeedDemoOptions {
  /** Days of generated history (charge sessions, day roll-ups, events); none by default. */
  historyDays?: number;
  /**
   * Example alert rules at one site and the alarms they hold open (seed-alerts.ts); none by default, so tests
   * start without alerts.
   */
  alerts?: boolean;
}

/** Seeds the demo data set into an empty database; does nothing when sites exist already. */
export async function seedDemo(
  db: Database,
  now = new Date(),
  seed = DEMO_SEED,
  { historyDays = 0, alerts = false }: SeedDemoOptions = {},
): Promise<boolean> {
  const [existing] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM site_node');
  if ((existing?.count ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  if (historyDays > 0) await prepareHistoryPartitions(db, now, historyDays);
  await db.transaction(async (tx) => {
    const sites = await seedSites(tx);
    const fleet = generateFleet(sites.operatingSites, now, seed);
    await seedFleet(tx, fleet);
    await seedDemoUsers(userRepository(tx), sites, passwordHash);
    if (alerts) {
      await seedDemoAlerts(tx);
      await seedDemoAlarms(tx, fleet);
    }
    if (historyDays > 0) await seedDemoHistory(tx, fleet, sites.operatingSites, { now, days: historyDays, seed });
  });
  return true;
}

async function seedDemoUsers(users: ReturnType<typeof userRepository>, sites: SeededSites, passwordHash: string) {
  for (const demo of DEMO_USERS) {
    const userId = await users.create({ ...demo, passwordHash });
    await users.grantFeatures(userId, demo.features);
    const organizations =
      demo.organizations === 'all'
        ? sites.organizationIds
        : demo.organizations === 'first'
          ? sites.organizationIds.slice(0, 1)
          : [];
    for (const organizationId of organizations) {
      await users.grantSite(userId, organizationId);
      await users.grantPermissions(userId, organizationId, demo.permissions);
    }
  }
}
