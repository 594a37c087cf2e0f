import { AUDIT_ACTIONS, type AuditAction } from '@cbm/contracts/audit';
import { peopleEndpoints } from '@cbm/contracts/endpoints/people';
import { PASSWORD_RESET_LINK_HOURS, PEOPLE_ADMIN_FEATURE, type Person } from '@cbm/contracts/people';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { HttpError } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { auditRepository } from '../audit/audit-repository';
import { type AdminContext, adminContext, auditedRefusals, listPeople, manageablePerson } from './people-context';
import { mailOrigin, type PeopleMailOptions, sendLinkMail } from './people-mail';
import { peopleRepository } from './people-repository';
import { notGrantable } from './people-routes';
import { accessChange, normalizedAccess, ungrantable } from './people-rules';
import { userLinkRepository } from './user-link-repository';

const config = { features: [PEOPLE_ADMIN_FEATURE] };
const tags = ['people'];

type Change = (tx: Queryable, person: Person, context: AdminContext) => Promise<Record<string, unknown> | undefined>;

/** One user's features and sites, disable and enable, password reset (decision 037). */
export async function personRoutes(app: FastifyInstance, { db, mail }: { db: Database; mail: PeopleMailOptions }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Applies a change to a manageable user in one transaction with its audit entry; answers the user after it. */
  const change = async (
    siteId: number,
    request: FastifyRequest,
    userId: number,
    action: AuditAction,
    apply: Change,
  ) => {
    const context = await adminContext(db, request, siteId);
    return auditedRefusals(db, context, { action, entityId: String(userId) }, () =>
      db.transaction(async (tx) => {
        const person = await manageablePerson(tx, context, userId);
        const values = await apply(tx, person, context);
        if (values) {
          await auditRepository(tx).record({ userId: context.admin.id, email: context.admin.email }, [
            { action, entityType: 'user', entityId: person.email, siteIds: context.auditSiteIds, ...values },
          ]);
        }
        const [after] = await listPeople(tx, context, userId);
        return after ?? person;
      }),
    );
  };

  api.route(
    fromEndpoint(peopleEndpoints.access, {
      config,
      schema: { tags },
      handler: async (request) => {
        const access = normalizedAccess(request.body);
        const person = await change(
          request.query.operatingSiteId,
          request,
          request.params.userId,
          AUDIT_ACTIONS.userAccessChanged,
          async (tx, person, context) => {
            const refused = ungrantable(context.scope, access);
            if (refused.length > 0) throw notGrantable(refused);
            const diff = accessChange(person, access);
            if (diff) await peopleRepository(tx).setAccess(person.userId, context.organizationId, access);
            return diff;
          },
        );
        // Features count from the next request on, not after this process's session cache runs out.
        app.forgetUserSessions(person.userId);
        return person;
      },
    }),
  );

  api.route(
    fromEndpoint(peopleEndpoints.disable, {
      config,
      schema: { tags },
      handler: async (request) => {
        const { userId } = request.params;
        const person = await change(
          request.query.operatingSiteId,
          request,
          userId,
          AUDIT_ACTIONS.userDisabled,
          async (tx, before) => {
            if (before.status === 'disabled') return undefined;
            await peopleRepository(tx).disable(before.userId);
            return { previous: { status: before.status }, next: { status: 'disabled' } };
          },
        );
        app.forgetUserSessions(userId);
        return person;
      },
    }),
  );

  api.route(
    fromEndpoint(peopleEndpoints.enable, {
      config,
      schema: { tags },
      handler: async (request) =>
        change(
          request.query.operatingSiteId,
          request,
          request.params.userId,
          AUDIT_ACTIONS.userEnabled,
          async (tx, before) => {
            if (before.status !== 'disabled') return undefined;
            await peopleRepository(tx).enable(before.userId);
            return { previous: { status: 'disabled' }, next: { status: 'enabled' } };
          },
        ),
    }),
  );

  api.route(
    fromEndpoint(peopleEndpoints.passwordReset, {
      config,
      schema: { tags, response: { 204: z.null() } },
      handler: async (request, reply) => {
        let link: { token: string; expiresAt: Date } | undefined;
        const person = await change(
          request.query.operatingSiteId,
          request,
          request.params.userId,
          AUDIT_ACTIONS.userPasswordResetSent,
          async (tx, before) => {
            if (before.status !== 'active') throw new HttpError(409, 'people.notActive', 'errors.personNotActive');
            link = await userLinkRepository(tx).create(before.userId, 'passwordReset', PASSWORD_RESET_LINK_HOURS);
            return { next: { expiresAt: link.expiresAt.toISOString() } };
          },
        );
        if (link) {
          await sendLinkMail(mail, {
            purpose: 'passwordReset',
            origin: mailOrigin(mail, request),
            to: person.email,
            name: `${person.firstName} ${person.lastName}`.trim(),
            inviter: '',
            token: link.token,
            expiresAt: link.expiresAt,
            language: request.language,
          });
        }
        return reply.status(204).send(null);
      },
    }),
  );
}
