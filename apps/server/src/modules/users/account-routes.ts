import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { SESSION_COOKIE } from '@cbm/contracts/auth';
import { apiPath } from '@cbm/contracts/endpoint';
import { userEndpoints } from '@cbm/contracts/endpoints/user';
import { passwordChangeBodySchema } from '@cbm/contracts/user';
import { VALIDATION } from '@cbm/contracts/validation-messages';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { auditRepository } from '../audit/audit-repository';
import { isCommonPassword } from '../identity/common-passwords';
import { hashPassword, verifyPassword } from '../identity/passwords';
import { hashToken } from '../identity/token-hash';
import { siteRepository } from '../sites/site-repository';
import { accountRepository } from './account-repository';

export interface AccountOptions {
  db: Database;
  idleMinutes: number;
  attemptsPerMinute: number;
}

const bodySchema = passwordChangeBodySchema.superRefine((body, ctx) => {
  if (isCommonPassword(body.newPassword)) {
    ctx.addIssue({ code: 'custom', path: ['newPassword'], message: VALIDATION.passwordCommon });
  }
});
const currentTokenHash = (request: FastifyRequest) => hashToken(request.cookies[SESSION_COOKIE] ?? '');

/** The signed-in user's own account: change the password, see and end their sessions (decision 037). */
export async function accountRoutes(app: FastifyInstance, { db, idleMinutes, attemptsPerMinute }: AccountOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const account = accountRepository(db);
  await app.register(rateLimit, { global: false });
  const record = async (
    request: FastifyRequest,
    action: (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS],
    next?: Record<string, unknown>,
  ) => {
    const user = await request.requireUser();
    await auditRepository(db).record({ userId: user.id, email: user.email }, [
      {
        action,
        entityType: 'user',
        entityId: user.email,
        siteIds: await siteRepository(db).accessibleSiteIds(user.id),
        next,
      },
    ]);
  };

  // Not fromEndpoint: the body is the definition's with a check only the server can make (common passwords).
  api.put(apiPath(userEndpoints.password), {
    config: { rateLimit: { max: attemptsPerMinute, timeWindow: 60_000 } },
    schema: { tags: ['user'], body: bodySchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      const user = await request.requireUser();
      const stored = await account.passwordHash(user.id);
      if (!stored) throw new HttpError(409, 'account.noPassword', 'errors.accountNoPassword');
      if (!(await verifyPassword(stored, request.body.currentPassword))) {
        await record(request, AUDIT_ACTIONS.userChangeRefused, {
          action: AUDIT_ACTIONS.userPasswordChanged,
          reason: 'account.wrongPassword',
        });
        throw new HttpError(400, 'account.wrongPassword', 'errors.accountWrongPassword');
      }
      await account.changePassword(user.id, await hashPassword(request.body.newPassword), currentTokenHash(request));
      app.forgetUserSessions(user.id);
      await record(request, AUDIT_ACTIONS.userPasswordChanged);
      return reply.status(204).send(null);
    },
  });

  api.route(
    fromEndpoint(userEndpoints.sessions, {
      schema: { tags: ['user'] },
      handler: async (request) =>
        account.sessions((await request.requireUser()).id, currentTokenHash(request), idleMinutes),
    }),
  );

  api.route(
    fromEndpoint(userEndpoints.endSession, {
      schema: { tags: ['user'], response: { 204: z.null() } },
      handler: async (request, reply) => {
        const user = await request.requireUser();
        if (!(await account.endSession(user.id, request.query.sessionId))) {
          throw new HttpError(404, 'account.sessionNotFound', 'errors.accountSessionNotFound');
        }
        app.forgetUserSessions(user.id);
        await record(request, AUDIT_ACTIONS.userSessionEnded, { sessionId: request.query.sessionId });
        return reply.status(204).send(null);
      },
    }),
  );
}
