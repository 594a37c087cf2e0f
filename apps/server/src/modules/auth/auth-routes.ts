import { authenticatedResponseSchema, loginBodySchema } from '@cbm/contracts/auth';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { recordSignIn, recordSignInRefused } from '../audit/sign-in-audit';
import { userService } from '../users/user-service';
import { LoginThrottle, type ThrottleSettings } from './login-throttle';
import { verifyPassword } from './passwords';

const noContent = { 204: z.null() };
const tooManyAttempts = () => new HttpError(429, 'auth.tooManyAttempts', 'errors.tooManyAttempts');

export interface AuthOptions {
  db: Database;
  loginAttemptsPerMinute: number;
  throttle: ThrottleSettings;
}

export async function authRoutes(app: FastifyInstance, options: AuthOptions) {
  const users = userService(options.db);
  const throttle = new LoginThrottle(options.throttle);
  const api = app.withTypeProvider<ZodTypeProvider>();
  await app.register(rateLimit, { global: false });

  api.get('/api/v2/authenticated', {
    config: { public: true },
    schema: { tags: ['auth'], response: { 200: authenticatedResponseSchema } },
    handler: async (request) => ({ authenticated: Boolean(await request.sessionUser()) }),
  });

  api.post('/api/v2/auth/login', {
    config: {
      public: true,
      rateLimit: {
        max: options.loginAttemptsPerMinute,
        timeWindow: 60_000,
        // After parsing, so the key can name the account (on onRequest the body is not read yet).
        hook: 'preValidation',
        keyGenerator: (request) => `${request.ip}|${loginName(request.body)}`,
        // Thrown by the plugin: an HttpError, so the error handler answers 429 in the one error shape.
        errorResponseBuilder: () => tooManyAttempts(),
      },
    },
    schema: { tags: ['auth'], body: loginBodySchema, response: noContent },
    handler: async (request, reply) => {
      const account = loginName(request.body);
      const credentials = await users.findCredentials(request.body.username);
      const attempt = { userId: credentials?.id ?? null, email: account };
      const refusal = throttle.check(account, request.ip);
      if (refusal) {
        const { reason, retryAfterSeconds } = refusal;
        if (refusal.first) {
          await recordSignInRefused(options.db, attempt, { reason, address: request.ip, retryAfterSeconds });
        }
        reply.header('retry-after', String(retryAfterSeconds));
        throw tooManyAttempts();
      }
      const valid = await verifyPassword(credentials?.password_hash, request.body.password);
      if (!credentials || !valid) {
        throttle.failed(account, request.ip);
        await recordSignIn(options.db, { ...attempt, succeeded: false });
        throw new HttpError(401, 'auth.invalidCredentials', 'errors.invalidCredentials');
      }
      throttle.succeeded(account);
      await app.endSession(request, reply);
      await app.startSession(reply, credentials.id);
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
