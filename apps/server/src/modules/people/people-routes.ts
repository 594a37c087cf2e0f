import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { peopleEndpoints } from '@cbm/contracts/endpoints/people';
import { INVITATION_LINK_HOURS, PEOPLE_ADMIN_FEATURE } from '@cbm/contracts/people';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { HttpError } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { auditRepository } from '../audit/audit-repository';
import {
  type AdminContext,
  adminContext,
  auditedRefusals,
  listPeople,
  manageablePerson,
  personNotFound,
} from './people-context';
import { mailOrigin, type PeopleMailOptions, sendLinkMail } from './people-mail';
import { peopleRepository } from './people-repository';
import { normalizedAccess, ungrantable } from './people-rules';
import { userLinkRepository } from './user-link-repository';

export interface PeopleRoutesOptions {
  db: Database;
  mail: PeopleMailOptions;
}

const config = { features: [PEOPLE_ADMIN_FEATURE] };
const tags = ['people'];
const noContent = { 204: z.null() };

export const notGrantable = (what: string[]) =>
  new HttpError(403, 'people.notGrantable', 'errors.personNotGrantable', { what: what.join(', ') });

/** The Users page: the organisation's users, invitations (invite, resend, withdraw). Decision 037. */
export async function peopleRoutes(app: FastifyInstance, { db, mail }: PeopleRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(peopleEndpoints.list, {
      config,
      schema: { tags },
      handler: async (request) => {
        const context = await adminContext(db, request, request.query.operatingSiteId);
        return {
          people: await listPeople(db, context),
          grantable: {
            features: [...context.scope.features].sort(),
            sites: [...context.scope.sites].map(([operatingSiteId, permissions]) => ({
              operatingSiteId,
              name: context.siteNames.get(operatingSiteId) ?? '',
              permissions: [...permissions],
            })),
          },
        };
      },
    }),
  );

  api.route(
    fromEndpoint(peopleEndpoints.invite, {
      status: 201,
      config,
      schema: { tags },
      handler: async (request, reply) => {
        const context = await adminContext(db, request, request.query.operatingSiteId);
        const { email, firstName, lastName } = request.body;
        const access = normalizedAccess(request.body);
        const attempt = { action: AUDIT_ACTIONS.userInvited, entityId: email };
        const { person, link } = await auditedRefusals(db, context, attempt, () =>
          db.transaction(async (tx) => {
            const refused = ungrantable(context.scope, access);
            if (refused.length > 0) throw notGrantable(refused);
            const people = peopleRepository(tx);
            if (await people.emailTaken(email)) {
              throw new HttpError(409, 'people.emailTaken', 'errors.personEmailTaken', { email });
            }
            const userId = await people.createInvited({ email, firstName, lastName }, context.organizationId);
            await people.setAccess(userId, context.organizationId, access);
            const link = await userLinkRepository(tx).create(userId, 'invitation', INVITATION_LINK_HOURS);
            await auditRepository(tx).record({ userId: context.admin.id, email: context.admin.email }, [
              {
                action: AUDIT_ACTIONS.userInvited,
                entityType: 'user',
                entityId: email,
                siteIds: context.auditSiteIds,
                next: { email, firstName, lastName, ...access },
              },
            ]);
            const [person] = await listPeople(tx, context, userId);
            if (!person) throw personNotFound(userId);
            return { person, link };
          }),
        );
        await sendLinkMail(mail, {
          purpose: 'invitation',
          origin: mailOrigin(mail, request),
          to: email,
          name: `${firstName} ${lastName}`.trim(),
          inviter: context.admin.email,
          token: link.token,
          expiresAt: link.expiresAt,
          language: request.body.language ?? request.language,
        });
        return reply.status(201).send(person);
      },
    }),
  );

  api.route(
    fromEndpoint(peopleEndpoints.resendInvitation, {
      config,
      schema: { tags, response: noContent },
      handler: async (request, reply) => {
        const context = await adminContext(db, request, request.query.operatingSiteId);
        const { userId } = request.params;
        const attempt = { action: AUDIT_ACTIONS.userInvitationResent, entityId: String(userId) };
        const { person, link } = await auditedRefusals(db, context, attempt, () =>
          db.transaction(async (tx) => {
            const person = await invitedPerson(tx, context, userId);
            const link = await userLinkRepository(tx).create(userId, 'invitation', INVITATION_LINK_HOURS);
            await auditRepository(tx).record({ userId: context.admin.id, email: context.admin.email }, [
              {
                action: AUDIT_ACTIONS.userInvitationResent,
                entityType: 'user',
                entityId: person.email,
                siteIds: context.auditSiteIds,
              },
            ]);
            return { person, link };
          }),
        );
        await sendLinkMail(mail, {
          purpose: 'invitation',
          origin: mailOrigin(mail, request),
          to: person.email,
          name: `${person.firstName} ${person.lastName}`.trim(),
          inviter: context.admin.email,
          token: link.token,
          expiresAt: link.expiresAt,
          language: request.language,
        });
        return reply.status(204).send(null);
      },
    }),
  );

  api.route(
    fromEndpoint(peopleEndpoints.withdrawInvitation, {
      config,
      schema: { tags, response: noContent },
      handler: async (request, reply) => {
        const context = await adminContext(db, request, request.query.operatingSiteId);
        const { userId } = request.params;
        const attempt = { action: AUDIT_ACTIONS.userInvitationWithdrawn, entityId: String(userId) };
        await auditedRefusals(db, context, attempt, () =>
          db.transaction(async (tx) => {
            const person = await invitedPerson(tx, context, userId);
            await peopleRepository(tx).delete(userId);
            await auditRepository(tx).record({ userId: context.admin.id, email: context.admin.email }, [
              {
                action: AUDIT_ACTIONS.userInvitationWithdrawn,
                entityType: 'user',
                entityId: person.email,
                siteIds: context.auditSiteIds,
                previous: { email: person.email, features: person.features, sites: person.sites },
              },
            ]);
          }),
        );
        return reply.status(204).send(null);
      },
    }),
  );
}

/** A user whose invitation is still open; 409 once it was accepted. */
async function invitedPerson(tx: Queryable, context: AdminContext, userId: number) {
  const person = await manageablePerson(tx, context, userId);
  if (person.status !== 'invited') throw new HttpError(409, 'people.notInvited', 'errors.personNotInvited');
  return person;
}
