import type { Feature } from '@cbm/contracts/features';
import type { Database } from '../../db/database';

export interface OidcUser {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  features: Feature[];
}

/** Finds or creates the user of an identity-provider account; its features follow the claim. */
export function oidcUserRepository(db: Database) {
  return {
    upsert: (user: OidcUser) =>
      db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO app_user (email, oidc_subject, first_name, last_name)
           VALUES ($1, $2, $3, $4)
           ON CONFLICT (email) DO UPDATE
             SET oidc_subject = EXCLUDED.oidc_subject, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name
           RETURNING id`,
          [user.email.trim().toLowerCase(), user.subject, user.firstName, user.lastName],
        );
        if (!row) throw new Error('identity-provider user was not stored');
        await tx.query('DELETE FROM user_feature WHERE user_id = $1', [row.id]);
        await tx.query('INSERT INTO user_feature (user_id, feature) SELECT $1, unnest($2::text[])', [
          row.id,
          user.features,
        ]);
        return row.id;
      }),
  };
}
