import { type Feature, featureSchema } from '@cbm/contracts/features';
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { oidcUserRepository } from './oidc-user-repository';

const FLOW_COOKIE = 'cbm_oidc';
const FLOW_MAX_AGE_S = 600;

interface OidcOptions {
  db: Database;
  oidc: Config['oidc'];
  publicUrl: string | undefined;
}

/**
 * Optional sign-in through the company's identity provider (authorization code + PKCE).
 * Features come from a claim (OIDC_FEATURES_CLAIM); site access is granted with the CLI.
 */
export async function oidcRoutes(app: FastifyInstance, { db, oidc: settings, publicUrl }: OidcOptions) {
  if (!settings) return;
  const execute = settings.allowHttp ? [oidc.allowInsecureRequests] : [];
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, { execute })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
  const users = oidcUserRepository(db);
  const callbackUrl = (host: string, protocol: string) =>
    new URL('/api/v2/auth/oidc/callback', publicUrl ?? `${protocol}://${host}`).href;

  app.get(
    '/api/v2/auth/oidc/start',
    { config: { public: true }, schema: { tags: ['auth'] } },
    async (request, reply) => {
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const url = oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: callbackUrl(request.host, request.protocol),
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      });
      reply.setCookie(FLOW_COOKIE, `${state}.${verifier}`, {
        path: '/api/v2/auth/oidc',
        httpOnly: true,
        sameSite: 'lax',
        maxAge: FLOW_MAX_AGE_S,
      });
      return reply.redirect(url.href);
    },
  );

  app.get(
    '/api/v2/auth/oidc/callback',
    { config: { public: true }, schema: { tags: ['auth'], hide: true } },
    async (request, reply) => {
      const [state, verifier] = (request.cookies[FLOW_COOKIE] ?? '').split('.');
      if (!state || !verifier) throw new HttpError(401, 'auth.invalidCredentials', 'errors.invalidCredentials');
      const current = new URL(request.url, callbackUrl(request.host, request.protocol));
      const tokens = await oidc
        .authorizationCodeGrant(await configuration(), current, { pkceCodeVerifier: verifier, expectedState: state })
        .catch(() => {
          throw new HttpError(401, 'auth.invalidCredentials', 'errors.invalidCredentials');
        });
      const claims = tokens.claims();
      if (!claims || typeof claims.email !== 'string') {
        throw new HttpError(401, 'auth.invalidCredentials', 'errors.invalidCredentials');
      }
      const userId = await users.upsert({
        subject: `${claims.iss}|${claims.sub}`,
        email: claims.email,
        firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
        lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
        features: featuresFrom(claims[settings.featuresClaim]),
      });
      reply.clearCookie(FLOW_COOKIE, { path: '/api/v2/auth/oidc' });
      await app.endSession(request, reply);
      await app.startSession(reply, userId);
      return reply.redirect('/');
    },
  );
}

/** The claim may be a list or a space-separated string; unknown names are ignored. */
export function featuresFrom(claim: unknown): Feature[] {
  const names = Array.isArray(claim) ? claim : typeof claim === 'string' ? claim.split(/[\s,]+/) : [];
  return names.flatMap((name) => {
    const parsed = featureSchema.safeParse(name);
    return parsed.success ? [parsed.data] : [];
  });
}
