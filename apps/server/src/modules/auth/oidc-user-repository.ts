import type { Feature } from '@cbm/contracts/features';
import type { Database } from '../../db/database';

export interface OidcUser {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  features: Feature[];
}

/**
 * Finds or creates the user of an identity-provider account; its features follow the claim.
 * The subject identifies the account for good (its e-mail address may change); on the first
 * sign-in the e-mail address links it to an existing user.
 */
export function oidcUserRepository(db: Database) {
  return {
    upsert: (user: OidcUser) =>
      db.transaction(async (tx) => {
        const values = [user.email.trim().toLowerCase(), user.subject, user.firstName, user.lastName];
        const [known] = await tx.query<{ id: number }>('SELECT id FROM app_user WHERE oidc_subject = $1', [
          user.subject,
        ]);
        const [row] = known
          ? await tx.query<{ id: number }>(
              // A new address another user already has is not taken over; the account keeps its old one.
              `UPDATE app_user
                  SET email = CASE WHEN EXISTS (SELECT 1 FROM app_user o WHERE o.email = $1 AND o.oidc_subject IS DISTINCT FROM $2)
                                   THEN email ELSE $1 END,
                      first_name = $3, last_name = $4
                WHERE oidc_subject = $2 RETURNING id`,
              values,
            )
          : await tx.query<{ id: number }>(
              `INSERT INTO app_user (email, oidc_subject, first_name, last_name)
               VALUES ($1, $2, $3, $4)
               ON CONFLICT (email) DO UPDATE
                 SET oidc_subject = EXCLUDED.oidc_subject, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name
               RETURNING id`,
              values,
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
