import { authEndpoints } from '@cbm/contracts/endpoints/auth';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { recordSignIn } from '../audit/sign-in-audit';
import { verifyPassword } from '../identity/passwords';
import { twoFactorService } from '../two-factor/two-factor-service';
import { userService } from '../users/user-service';
import type { ThrottleSettings } from './login-throttle';
import { secondStepRoutes } from './second-step-routes';
import { signInGuard } from './sign-in-guard';

const noContent = { 204: z.null() };

export interface AuthOptions {
  db: Database;
  loginAttemptsPerMinute: number;
  throttle: ThrottleSettings;
  secureCookies: boolean;
}

export async function authRoutes(app: FastifyInstance, options: AuthOptions) {
  const users = userService(options.db);
  const twoFactor = twoFactorService(options.db);
  const guard = signInGuard(options.db, options.throttle, options.loginAttemptsPerMinute);
  const api = app.withTypeProvider<ZodTypeProvider>();
  await app.register(rateLimit, { global: false });

  api.route(
    fromEndpoint(authEndpoints.authenticated, {
      config: { public: true },
      schema: { tags: ['auth'] },
      handler: async (request) => ({ authenticated: Boolean(await request.sessionUser()) }),
    }),
  );

  api.route(
    fromEndpoint(authEndpoints.login, {
      config: { public: true, rateLimit: guard.rateLimit(loginName) },
      schema: { tags: ['auth'], response: noContent },
      handler: async (request, reply) => {
        const account = loginName(request.body);
        const credentials = await users.findCredentials(request.body.username);
        const attempt = { userId: credentials?.id ?? null, email: account };
        await guard.check(attempt, request.ip, reply);
        const valid = await verifyPassword(credentials?.password_hash, request.body.password);
        if (!credentials || !valid) {
          guard.throttle.failed(account, request.ip);
          await recordSignIn(options.db, { ...attempt, succeeded: false });
          throw new HttpError(401, 'auth.invalidCredentials', 'errors.invalidCredentials');
        }
        await app.endSession(request, reply);
        if (await twoFactor.isOn(credentials.id)) return secondStep.awaitCode(reply, credentials.id, false);
        if (await twoFactor.mustEnrol(credentials.id)) return secondStep.awaitCode(reply, credentials.id, true);
        guard.throttle.succeeded(account);
        await app.startSession(reply, credentials.id);
        await recordSignIn(options.db, { ...attempt, succeeded: true });
        return reply.status(204).send(null);
      },
    }),
  );

  api.route(
    fromEndpoint(authEndpoints.logout, {
      config: { public: true },
      schema: { tags: ['auth'], response: noContent },
      handler: async (request, reply) => {
        await app.endSession(request, reply);
        return reply.status(204).send(null);
      },
    }),
  );

  // The second step's routes, and what the password step answers when an account needs a code.
  const secondStep = secondStepRoutes(app, { db: options.db, guard, secureCookies: options.secureCookies });
}

function loginName(body: unknown): string {
  const username = (body as { username?: unknown } | undefined)?.username;
  return typeof username === 'string' ? username.trim().toLowerCase().slice(0, 254) : '';
}
