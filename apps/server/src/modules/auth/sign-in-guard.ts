import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { recordSignInRefused } from '../audit/sign-in-audit';
import { LoginThrottle, type ThrottleSettings } from './login-throttle';

export const tooManyAttempts = () => new HttpError(429, 'auth.tooManyAttempts', 'errors.tooManyAttempts');

/**
 * The limits every sign-in step shares (decision 023, and 042 for codes): one throttle of failures per account
 * and address, and the per-minute rate limit of the route.
 */
export function signInGuard(db: Database, settings: ThrottleSettings, attemptsPerMinute: number) {
  const throttle = new LoginThrottle(settings);
  return {
    throttle,

    /** Refuses (429, audited once per lock) while the account, the address or the server is locked. */
    async check(attempt: { userId: number | null; email: string }, ip: string, reply: FastifyReply) {
      const refusal = throttle.check(attempt.email, ip);
      if (!refusal) return;
      const { reason, retryAfterSeconds } = refusal;
      if (refusal.first) await recordSignInRefused(db, attempt, { reason, address: ip, retryAfterSeconds });
      reply.header('retry-after', String(retryAfterSeconds));
      throw tooManyAttempts();
    },

    /** The route's rate limit, keyed by the address and what `key` reads from the body. */
    rateLimit: (key: (body: unknown) => string) => ({
      max: attemptsPerMinute,
      timeWindow: 60_000,
      // After parsing, so the key can name the account (on onRequest the body is not read yet).
      hook: 'preValidation' as const,
      keyGenerator: (request: { ip: string; body: unknown }) => `${request.ip}|${key(request.body)}`,
      // Thrown by the plugin: an HttpError, so the error handler answers 429 in the one error shape.
      errorResponseBuilder: () => tooManyAttempts(),
    }),
  };
}

export type SignInGuard = ReturnType<typeof signInGuard>;
