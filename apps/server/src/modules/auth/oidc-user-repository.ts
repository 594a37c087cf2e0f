import type { Feature } from '@cbm/contracts/features';
import type { Database } from '../../db/database';

export interface OidcUser {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  features: Feature[];
  /** The provider's email_verified claim is exactly true. */
  emailVerified: boolean;
}

/**
 * Finds or creates the user of an identity-provider account; its features follow the claim.
 * The subject identifies the account for good (its e-mail address may change). On the first sign-in
 * the e-mail address links it to an existing user only when the provider says it verified the address
 * (email_verified exactly true); otherwise such a sign-in is refused (undefined), so that whoever can
 * set an address at the provider cannot take over the CBM account (a local administrator's) of that
 * address.
 */
export function oidcUserRepository(db: Database) {
  return {
    upsert: (user: OidcUser): Promise<number | undefined> =>
      db.transaction(async (tx) => {
        const email = user.email.trim().toLowerCase();
        const values = [email, user.subject, user.firstName, user.lastName];
        const [known] = await tx.query<{ id: number }>('SELECT id FROM app_user WHERE oidc_subject = $1', [
          user.subject,
        ]);
        if (!known && !user.emailVerified) {
          const [taken] = await tx.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [email]);
          if (taken) return undefined;
        }
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
                 WHERE $5::boolean
               RETURNING id`,
              [...values, user.emailVerified],
            );
        // An unverified address that another sign-in took meanwhile: no row, no link.
        if (!row) return undefined;
        await tx.query('DELETE FROM user_feature WHERE user_id = $1', [row.id]);
        await tx.query('INSERT INTO user_feature (user_id, feature) SELECT $1, unnest($2::text[])', [
          row.id,
          user.features,
        ]);
        return row.id;
      }),
  };
}
