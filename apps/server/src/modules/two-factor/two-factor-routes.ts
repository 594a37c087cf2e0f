import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { userEndpoints } from '@cbm/contracts/endpoints/user';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { auditRepository } from '../audit/audit-repository';
import { verifyPassword } from '../identity/passwords';
import { siteRepository } from '../sites/site-repository';
import { userService } from '../users/user-service';
import { twoFactorRepository } from './two-factor-repository';
import { twoFactorService } from './two-factor-service';

export interface TwoFactorOptions {
  db: Database;
  attemptsPerMinute: number;
}

type Action = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

/** The signed-in user's two-factor sign-in: status, enrolment with its first code, turning it off (042). */
export async function twoFactorRoutes(app: FastifyInstance, { db, attemptsPerMinute }: TwoFactorOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const store = twoFactorRepository(db);
  const twoFactor = twoFactorService(db);
  const limited = { rateLimit: { max: attemptsPerMinute, timeWindow: 60_000 } };
  await app.register(rateLimit, { global: false });

  const record = async (request: FastifyRequest, action: Action, next?: Record<string, unknown>) => {
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
  /** The stored password hash; accounts of an identity provider have none and leave two-factor to it. */
  const passwordHash = async (email: string) => (await userService(db).findCredentials(email))?.password_hash ?? null;

  api.route(
    fromEndpoint(userEndpoints.twoFactor, {
      schema: { tags: ['user'] },
      handler: async (request) => {
        const user = await request.requireUser();
        return { enabled: await twoFactor.isOn(user.id), available: Boolean(await passwordHash(user.email)) };
      },
    }),
  );

  api.route(
    fromEndpoint(userEndpoints.twoFactorEnrol, {
      schema: { tags: ['user'] },
      handler: async (request) => {
        const user = await request.requireUser();
        if (!(await passwordHash(user.email))) {
          throw new HttpError(409, 'twoFactor.notAvailable', 'errors.twoFactorNotAvailable');
        }
        return twoFactor.startEnrolment(user.id, user.email);
      },
    }),
  );

  api.route(
    fromEndpoint(userEndpoints.twoFactorConfirm, {
      config: limited,
      schema: { tags: ['user'] },
      handler: async (request) => {
        const user = await request.requireUser();
        const recoveryCodes = await twoFactor.confirmEnrolment(user.id, request.body.code);
        if (!recoveryCodes) {
          await record(request, AUDIT_ACTIONS.userChangeRefused, {
            action: AUDIT_ACTIONS.userTwoFactorEnabled,
            reason: 'twoFactor.wrongCode',
          });
          throw new HttpError(400, 'twoFactor.wrongCode', 'errors.twoFactorWrongCode');
        }
        await record(request, AUDIT_ACTIONS.userTwoFactorEnabled);
        return { recoveryCodes };
      },
    }),
  );

  api.route(
    fromEndpoint(userEndpoints.twoFactorDisable, {
      config: limited,
      schema: { tags: ['user'], response: { 204: z.null() } },
      handler: async (request, reply) => {
        const user = await request.requireUser();
        if (!(await twoFactor.isOn(user.id))) {
          throw new HttpError(409, 'twoFactor.notOn', 'errors.twoFactorNotOn');
        }
        const { code, password } = request.body;
        const proven = code
          ? (await twoFactor.verify(user.id, code)) !== undefined
          : await verifyPassword(await passwordHash(user.email), password ?? '');
        if (!proven) {
          await record(request, AUDIT_ACTIONS.userChangeRefused, {
            action: AUDIT_ACTIONS.userTwoFactorDisabled,
            reason: 'twoFactor.wrongProof',
          });
          throw new HttpError(400, 'twoFactor.wrongProof', 'errors.twoFactorWrongProof');
        }
        await store.remove(user.id);
        await record(request, AUDIT_ACTIONS.userTwoFactorDisabled, { provedWith: code ? 'code' : 'password' });
        return reply.status(204).send(null);
      },
    }),
  );
}
