import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { authEndpoints } from '@cbm/contracts/endpoints/auth';
import { PENDING_SIGN_IN_COOKIE, TWO_FACTOR } from '@cbm/contracts/two-factor';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { auditRepository } from '../audit/audit-repository';
import { recordSignIn } from '../audit/sign-in-audit';
import { siteRepository } from '../sites/site-repository';
import { twoFactorService } from '../two-factor/two-factor-service';
import { pendingSignInRepository } from './pending-sign-in-repository';
import type { SignInGuard } from './sign-in-guard';

const COOKIE_PATH = '/api/v2/auth';

export interface SecondStepOptions {
  db: Database;
  guard: SignInGuard;
  secureCookies: boolean;
}

/**
 * Sign-in's second step (decision 042): the password step of an account with two-factor sign-in leaves a pending
 * cookie; a code or a recovery code then starts the session. A user whose organisation requires two-factor
 * sign-in and who has not set it up enrols here first, and the first code starts the session.
 */
export function secondStepRoutes(app: FastifyInstance, { db, guard, secureCookies }: SecondStepOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const pending = pendingSignInRepository(db);
  const twoFactor = twoFactorService(db);
  const pendingUser = async (request: FastifyRequest) => {
    const found = await pending.find(request.cookies[PENDING_SIGN_IN_COOKIE] ?? '');
    if (!found) throw new HttpError(401, 'twoFactor.noPendingSignIn', 'errors.twoFactorNoPendingSignIn');
    return found;
  };

  api.route(
    fromEndpoint(authEndpoints.loginEnrolment, {
      config: { public: true },
      schema: { tags: ['auth'] },
      handler: async (request) => {
        const { userId, email } = await pendingUser(request);
        if (!(await twoFactor.mustEnrol(userId))) {
          throw new HttpError(409, 'twoFactor.alreadyOn', 'errors.twoFactorAlreadyOn');
        }
        return twoFactor.startEnrolment(userId, email);
      },
    }),
  );

  api.route(
    fromEndpoint(authEndpoints.loginCode, {
      config: { public: true, rateLimit: guard.rateLimit(() => 'code') },
      schema: { tags: ['auth'], response: { 204: z.null() } },
      handler: async (request, reply) => {
        const attempt = await pendingUser(request);
        await guard.check(attempt, request.ip, reply);
        const enrolling = await twoFactor.mustEnrol(attempt.userId);
        const recoveryCodes = enrolling
          ? await twoFactor.confirmEnrolment(attempt.userId, request.body.code)
          : undefined;
        const kind = enrolling ? recoveryCodes && 'totp' : await twoFactor.verify(attempt.userId, request.body.code);
        if (!kind) {
          guard.throttle.failed(attempt.email, request.ip);
          await recordSignIn(db, { ...attempt, succeeded: false });
          throw new HttpError(401, 'twoFactor.wrongCode', 'errors.twoFactorWrongCode');
        }
        guard.throttle.succeeded(attempt.email);
        await finish(request, reply, attempt);
        if (kind === 'recovery') await record(db, attempt, AUDIT_ACTIONS.userRecoveryCodeUsed);
        if (recoveryCodes) await record(db, attempt, AUDIT_ACTIONS.userTwoFactorEnabled);
        await recordSignIn(db, { ...attempt, succeeded: true });
        return recoveryCodes ? reply.status(200).send({ recoveryCodes }) : reply.status(204).send(null);
      },
    }),
  );

  const finish = async (request: FastifyRequest, reply: FastifyReply, attempt: { userId: number }) => {
    await pending.delete(request.cookies[PENDING_SIGN_IN_COOKIE] ?? '');
    reply.clearCookie(PENDING_SIGN_IN_COOKIE, { path: COOKIE_PATH });
    await app.startSession(reply, attempt.userId);
  };

  return {
    /** Answers the password step of an account that needs a code (or must enrol first) with a pending cookie. */
    async awaitCode(reply: FastifyReply, userId: number, enrolmentRequired: boolean) {
      reply.setCookie(PENDING_SIGN_IN_COOKIE, await pending.create(userId), {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies || reply.request.protocol === 'https',
        maxAge: TWO_FACTOR.pendingMinutes * 60,
      });
      return reply.status(200).send({ twoFactorRequired: true, enrolmentRequired });
    },
  };
}

async function record(
  db: Database,
  attempt: { userId: number; email: string },
  action: (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS],
) {
  await auditRepository(db).record(attempt, [
    {
      action,
      entityType: 'user',
      entityId: attempt.email,
      siteIds: await siteRepository(db).accessibleSiteIds(attempt.userId),
    },
  ]);
}
