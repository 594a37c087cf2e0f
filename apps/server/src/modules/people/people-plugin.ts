import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { createMailTransport } from '../mail/mail-transport';
import { peopleRoutes } from './people-routes';
import { personRoutes } from './person-routes';
import { setPasswordRoutes } from './set-password-routes';

type PeopleConfig = Pick<
  Config,
  'SMTP_URL' | 'MAIL_FROM' | 'mailOutboxDir' | 'PUBLIC_URL' | 'LOGIN_ATTEMPTS_PER_MINUTE' | 'oidc'
>;

/** People and access (decision 037): the Users page's calls, invitations and password links with their mails. */
export async function peoplePlugin(app: FastifyInstance, { config, db }: { config: PeopleConfig; db: Database }) {
  const transport = createMailTransport(config);
  const mail = {
    transport,
    publicUrl: config.PUBLIC_URL,
    oidcEnabled: Boolean(config.oidc),
  };
  await app.register(peopleRoutes, { db, mail });
  await app.register(personRoutes, { db, mail });
  await app.register(setPasswordRoutes, { db, attemptsPerMinute: config.LOGIN_ATTEMPTS_PER_MINUTE });
  app.addHook('onClose', async () => transport.close());
}
