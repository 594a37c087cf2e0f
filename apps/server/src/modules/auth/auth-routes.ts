import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { authenticatedResponseSchema, loginBodySchema } from '@cbm/contracts/auth';
import {
  loginCodeBodySchema,
  loginSecondStepSchema,
  PENDING_SIGN_IN_COOKIE,
  TWO_FACTOR,
} from '@cbm/contracts/two-factor';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { auditRepository } from '../audit/audit-repository';
import { recordSignIn, recordSignInRefused } from '../audit/sign-in-audit';
import { siteRepository } from '../sites/site-repository';
import { twoFactorService } from '../two-factor/two-factor-service';
import { userService } from '../users/user-service';
import { LoginThrottle, type ThrottleSettings } from './login-throttle';
import { verifyPassword } from './passwords';
import { pendingSignInRepository } from './pending-sign-in-repository';

const noContent = { 204: z.null() };
const tooManyAttempts = () => new HttpError(429, 'auth.tooManyAttempts', 'errors.tooManyAttempts');

export interface AuthOptions {
  db: Database;
  loginAttemptsPerMinute: number;
  throttle: ThrottleSettings;
  secureCookies: boolean;
}

export async function authRoutes(app: FastifyInstance, options: AuthOptions) {
  const users = userService(options.db);
  const throttle = new LoginThrottle(options.throttle);
  const pending = pendingSignInRepository(options.db);
  const twoFactor = twoFactorService(options.db);
  /** Refuses (429, audited once per lock) while the account, the address or the server is locked. */
  const checkThrottle = async (attempt: { userId: number | null; email: string }, ip: string, reply: FastifyReply) => {
    const refusal = throttle.check(attempt.email, ip);
    if (!refusal) return;
    const { reason, retryAfterSeconds } = refusal;
    if (refusal.first) {
      await recordSignInRefused(options.db, attempt, { reason, address: ip, retryAfterSeconds });
    }
    reply.header('retry-after', String(retryAfterSeconds));
    throw tooManyAttempts();
  };
  const rateLimitConfig = (key: (body: unknown) => string) => ({
    max: options.loginAttemptsPerMinute,
    timeWindow: 60_000,
    // After parsing, so the key can name the account (on onRequest the body is not read yet).
    hook: 'preValidation' as const,
    keyGenerator: (request: { ip: string; body: unknown }) => `${request.ip}|${key(request.body)}`,
    // Thrown by the plugin: an HttpError, so the error handler answers 429 in the one error shape.
    errorResponseBuilder: () => tooManyAttempts(),
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  await app.register(rateLimit, { global: false });

  api.get('/api/v2/authenticated', {
    config: { public: true },
    schema: { tags: ['auth'], response: { 200: authenticatedResponseSchema } },
    handler: async (request) => ({ authenticated: Boolean(await request.sessionUser()) }),
  });

  api.post('/api/v2/auth/login', {
    config: { public: true, rateLimit: rateLimitConfig(loginName) },
    schema: { tags: ['auth'], body: loginBodySchema, response: { ...noContent, 200: loginSecondStepSchema } },
    handler: async (request, reply) => {
      const account = loginName(request.body);
      const credentials = await users.findCredentials(request.body.username);
      const attempt = { userId: credentials?.id ?? null, email: account };
      await checkThrottle(attempt, request.ip, reply);
      const valid = await verifyPassword(credentials?.password_hash, request.body.password);
      if (!credentials || !valid) {
        throttle.failed(account, request.ip);
        await recordSignIn(options.db, { ...attempt, succeeded: false });
        throw new HttpError(401, 'auth.invalidCredentials', 'errors.invalidCredentials');
      }
      await app.endSession(request, reply);
      if (await twoFactor.isOn(credentials.id)) {
        reply.setCookie(PENDING_SIGN_IN_COOKIE, await pending.create(credentials.id), {
          path: '/api/v2/auth',
          httpOnly: true,
          sameSite: 'strict',
          secure: options.secureCookies || request.protocol === 'https',
          maxAge: TWO_FACTOR.pendingMinutes * 60,
        });
        return reply.status(200).send({ twoFactorRequired: true });
      }
      throttle.succeeded(account);
      await app.startSession(reply, credentials.id);
      await recordSignIn(options.db, { ...attempt, succeeded: true });
      return reply.status(204).send(null);
    },
  });

  api.post('/api/v2/auth/login/code', {
    config: { public: true, rateLimit: rateLimitConfig(() => 'code') },
    schema: { tags: ['auth'], body: loginCodeBodySchema, response: noContent },
    handler: async (request, reply) => {
      const token = request.cookies[PENDING_SIGN_IN_COOKIE] ?? '';
      const found = token ? await pending.find(token) : undefined;
      if (!found) throw new HttpError(401, 'twoFactor.noPendingSignIn', 'errors.twoFactorNoPendingSignIn');
      const attempt = { userId: found.userId, email: found.email };
      await checkThrottle(attempt, request.ip, reply);
      const kind = await twoFactor.verify(found.userId, request.body.code);
      if (!kind) {
        throttle.failed(found.email, request.ip);
        await recordSignIn(options.db, { ...attempt, succeeded: false });
        throw new HttpError(401, 'twoFactor.wrongCode', 'errors.twoFactorWrongCode');
      }
      throttle.succeeded(found.email);
      await pending.delete(token);
      reply.clearCookie(PENDING_SIGN_IN_COOKIE, { path: '/api/v2/auth' });
      await app.startSession(reply, found.userId);
      if (kind === 'recovery') await recordRecoveryCodeUsed(options.db, attempt);
      await recordSignIn(options.db, { ...attempt, succeeded: true });
      return reply.status(204).send(null);
    },
  });

  api.post('/api/v2/auth/logout', {
    config: { public: true },
    schema: { tags: ['auth'], response: noContent },
    handler: async (request, reply) => {
      await app.endSession(request, reply);
      return reply.status(204).send(null);
    },
  });
}

function loginName(body: unknown): string {
  const username = (body as { username?: unknown } | undefined)?.username;
  return typeof username === 'string' ? username.trim().toLowerCase().slice(0, 254) : '';
}

async function recordRecoveryCodeUsed(db: Database, attempt: { userId: number; email: string }) {
  await auditRepository(db).record(attempt, [
    {
      action: AUDIT_ACTIONS.userRecoveryCodeUsed,
      entityType: 'user',
      entityId: attempt.email,
      siteIds: await siteRepository(db).accessibleSiteIds(attempt.userId),
    },
  ]);
}
