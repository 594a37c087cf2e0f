import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { apiPath } from '@cbm/contracts/endpoint';
import { peopleEndpoints } from '@cbm/contracts/endpoints/people';
import { setPasswordBodySchema } from '@cbm/contracts/people';
import { VALIDATION } from '@cbm/contracts/validation-messages';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { auditRepository } from '../audit/audit-repository';
import { isCommonPassword } from '../identity/common-passwords';
import { hashPassword } from '../identity/passwords';
import { siteRepository } from '../sites/site-repository';
import { renderSetPassword } from './set-password-page';
import { userLinkRepository } from './user-link-repository';

const bodySchema = setPasswordBodySchema.superRefine((body, ctx) => {
  if (isCommonPassword(body.password)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: VALIDATION.passwordCommon });
  }
});

const linkInvalid = () => new HttpError(400, 'people.linkInvalid', 'errors.personLinkInvalid');

/** The page of a mailed link and the call that sets the password with it; public (decision 037). */
export async function setPasswordRoutes(
  app: FastifyInstance,
  { db, attemptsPerMinute }: { db: Database; attemptsPerMinute: number },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  await app.register(rateLimit, { global: false });

  api.get('/set-password', {
    config: { public: true },
    schema: { hide: true, querystring: z.object({ token: z.string().max(200).optional() }) },
    handler: async (request, reply) => {
      const token = request.query.token ?? '';
      const link = token ? await userLinkRepository(db).find(token) : undefined;
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderSetPassword(request.language, link && { token, email: link.email }));
    },
  });

  // Not fromEndpoint: the body is the definition's with a check only the server can make (common passwords).
  api.post(apiPath(peopleEndpoints.setPassword), {
    config: { public: true, rateLimit: { max: attemptsPerMinute, timeWindow: 60_000 } },
    schema: { tags: ['people'], body: bodySchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      const passwordHash = await hashPassword(request.body.password);
      const userId = await db.transaction(async (tx) => {
        const links = userLinkRepository(tx);
        const link = await links.find(request.body.token, true);
        if (!link) return undefined;
        await links.setPassword(link.user_id, passwordHash);
        await auditRepository(tx).record({ userId: link.user_id, email: link.email }, [
          {
            action: AUDIT_ACTIONS.userPasswordSet,
            entityType: 'user',
            entityId: link.email,
            siteIds: await siteRepository(tx).accessibleSiteIds(link.user_id),
            next: { link: link.purpose },
          },
        ]);
        return link.user_id;
      });
      if (userId === undefined) {
        await auditRepository(db).record({ userId: null, email: 'unknown' }, [
          {
            action: AUDIT_ACTIONS.userChangeRefused,
            entityType: 'user',
            entityId: 'unknown',
            siteIds: [],
            next: { action: AUDIT_ACTIONS.userPasswordSet, reason: 'people.linkInvalid', address: request.ip },
          },
        ]);
        throw linkInvalid();
      }
      app.forgetUserSessions(userId);
      return reply.status(204).send(null);
    },
  });
}
