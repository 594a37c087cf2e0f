import { SESSION_COOKIE } from '@cbm/contracts/auth';
import type { Feature } from '@cbm/contracts/features';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import { forbidden, routeNotFound, unauthenticated } from '../../http-error';
import { isApiPath } from '../../plugins/request-path';
import { SessionCache } from './session-cache';
import { type SessionUser, sessionRepository } from './session-repository';

export interface SessionOptions {
  db: Database;
  /** Absolute lifetime of a sign-in. */
  ttlHours: number;
  /** A session unused for this long ends. */
  idleMinutes: number;
  /** How long a session lookup is remembered in this process (0: not at all). */
  cacheMs: number;
  /** Secure cookies even on plain HTTP (requests that arrive over TLS always get them). */
  secureCookies: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or undefined; loaded once per request. */
    sessionUser(): Promise<SessionUser | undefined>;
    /** The signed-in user; answers 401 when there is none. */
    requireUser(): Promise<SessionUser>;
  }
  interface FastifyInstance {
    startSession(reply: FastifyReply, userId: number): Promise<void>;
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * The user of a session token if the session lives on, looked up afresh without marking it used
     * (long-lived responses such as live streams check this now and then).
     */
    sessionStillValid(token: string): Promise<SessionUser | undefined>;
    /**
     * Forgets in this process what it remembered of the user's sessions, after they were deleted (the user
     * was disabled or set a new password): the next request of any of them answers 401 at once.
     */
    forgetUserSessions(userId: number): void;
    /** Calls back with the token of every session that ends in this process (sign-out). */
    onSessionEnded(listener: (token: string) => void): void;
  }
  interface FastifyContextConfig {
    /** Routes are signed-in only unless marked public. */
    public?: boolean;
    /** The user must hold at least one of these features (roles and permissions). */
    features?: readonly Feature[];
  }
}

const userCache = new WeakMap<FastifyRequest, Promise<SessionUser | undefined>>();

export const sessionPlugin = fp(async (app: FastifyInstance, options: SessionOptions) => {
  const sessions = sessionRepository(options.db);
  const cache = new SessionCache(options.cacheMs);
  const findUser = async (token: string) => {
    const known = cache.get(token);
    if (known !== null) return known;
    const user = await sessions.findUser(token, options.idleMinutes);
    cache.set(token, user);
    return user;
  };
  await app.register(cookie);

  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    let user = userCache.get(this);
    if (!user) {
      const token = this.cookies[SESSION_COOKIE];
      user = token ? findUser(token) : Promise.resolve(undefined);
      userCache.set(this, user);
    }
    return user;
  });
  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    const user = await this.sessionUser();
    if (!user) throw unauthenticated();
    return user;
  });

  app.decorate('startSession', async (reply: FastifyReply, userId: number) => {
    await sessions.deleteEnded(userId, options.idleMinutes);
    const { token, expiresAt } = await sessions.create(userId, options.ttlHours);
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies || reply.request.protocol === 'https',
      expires: expiresAt,
    });
  });
  const ended = new Set<(token: string) => void>();
  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      cache.delete(token);
      await sessions.delete(token);
      for (const listener of ended) listener(token);
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });
  app.decorate('forgetUserSessions', (userId: number) => cache.deleteUser(userId));
  app.decorate('sessionStillValid', (token: string) => sessions.findUser(token, options.idleMinutes, false));
  app.decorate('onSessionEnded', (listener: (token: string) => void) => {
    ended.add(listener);
  });

  // Deny by default: the matched route's own config decides, never the URL text. Every route needs a
  // session unless it is marked public, and its features when it names some.
  app.addHook('onRequest', async (request) => {
    if (request.is404) {
      // No route matched. Under the API, however spelt, a stranger learns nothing but 401 and no body is read.
      if (!isApiPath(request.url)) return;
      await request.requireUser();
      throw routeNotFound(request);
    }
    const config = request.routeOptions.config;
    if (config.public) return;
    const user = await request.requireUser();
    if (config.features && !config.features.some((feature) => user.features.has(feature))) {
      throw forbidden();
    }
  });
});
