import { DEMO_ACCOUNTS } from '@cbm/demo-fixtures/demo-users';
import type { Queryable } from '../../apps/server/src/db/database';
import { userRepository } from '../../apps/server/src/modules/users/user-repository';

/** The soak's operator n (from 1) signs in as this account, with the demo password. */
export const soakOperatorEmail = (n: number) => `soak-operator-${n}@cbm.demo`;

/**
 * One account per soak operator with the demo admin's password, features, sites and permissions: people work
 * under their own accounts, so per-user limits (live streams) apply per operator, as in production.
 */
export async function addOperatorAccounts(db: Queryable, count: number): Promise<void> {
  const users = userRepository(db);
  const [admin] = await db.query<{ id: number; password_hash: string }>(
    'SELECT id, password_hash FROM app_user WHERE email = $1',
    [DEMO_ACCOUNTS.admin],
  );
  if (!admin) throw new Error('the demo admin is missing');
  for (let n = 1; n <= count; n++) {
    const id = await users.create({
      email: soakOperatorEmail(n),
      passwordHash: admin.password_hash,
      firstName: 'Soak',
      lastName: `Operator ${n}`,
    });
    await db.query(
      'INSERT INTO user_feature (user_id, feature) SELECT $1, feature FROM user_feature WHERE user_id = $2',
      [id, admin.id],
    );
    await db.query(
      `INSERT INTO user_site_grant (user_id, site_node_id, feature)
       SELECT $1, site_node_id, feature FROM user_site_grant WHERE user_id = $2`,
      [id, admin.id],
    );
    await db.query(
      `INSERT INTO user_site_permission (user_id, site_node_id, permission)
       SELECT $1, site_node_id, permission FROM user_site_permission WHERE user_id = $2`,
      [id, admin.id],
    );
  }
}
