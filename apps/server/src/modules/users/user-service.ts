import type { Queryable } from '../../db/database';
import { userRepository } from './user-repository';

/** What other modules ask of users: the stored credentials of a sign-in name (sign-in). */
export function userService(db: Queryable) {
  const users = userRepository(db);
  return { findCredentials: users.findCredentials };
}
