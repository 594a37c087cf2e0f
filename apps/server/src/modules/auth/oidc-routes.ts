import { type Feature, featureSchema } from '@cbm/contracts/features';
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { recordSignIn } from '../audit/sign-in-audit';
import { oidcUserRepository } from './oidc-user-repository';

const FLOW_COOKIE = 'cbm_oidc';
const FLOW_COOKIE_PATH = '/api/v2/auth/oidc';
const FLOW_MAX_AGE_S = 600;

interface OidcOptions {
  db: Database;
  oidc: Config['oidc'];
  publicUrl: string | undefined;
  secureCookies: boolean;
}

const invalidCredentials = () => new HttpError(401, 'auth.invalidCredentials', 'errors.invalidCredentials');

/**
 * Optional sign-in through the company's identity provider (authorization code + PKCE).
 * Features come from a claim (OIDC_FEATURES_CLAIM); site access is granted with the CLI.
 */
export async function oidcRoutes(app: FastifyInstance, { db, oidc: settings, publicUrl, secureCookies }: OidcOptions) {
  if (!settings) return;
  const execute = settings.allowHttp ? [oidc.allowInsecureRequests] : [];
  let discovered: Promise<oidc.Configuration> | undefined;
  // Discovered on first use and again after a failure: CBM starts while the provider is down.
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, { execute })
      .catch((error: unknown) => {
        discovered = undefined;
        app.log.error({ err: error, issuer: settings.issuer }, 'identity provider discovery failed');
        throw new HttpError(502, 'auth.identityProviderUnavailable', 'errors.identityProviderUnavailable');
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
        path: FLOW_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
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
      if (!state || !verifier) throw invalidCredentials();
      const current = new URL(request.url, callbackUrl(request.host, request.protocol));
      const claims = await accountClaims(await configuration(), current, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      }).catch((error: unknown) => {
        request.log.warn({ err: error }, 'sign-in through the identity provider failed');
        throw invalidCredentials();
      });
      const userId = await users.upsert({
        subject: `${claims.iss}|${claims.sub}`,
        email: claims.email,
        firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
        lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
        features: featuresFrom(claims[settings.featuresClaim]),
        emailVerified: claims.email_verified === true,
      });
      reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
      if (userId === undefined) {
        request.log.warn({ email: claims.email }, 'identity-provider address not verified; not linked to the account');
        await recordSignIn(db, { userId: null, email: claims.email.trim().toLowerCase(), succeeded: false });
        throw invalidCredentials();
      }
      await app.endSession(request, reply);
      await app.startSession(reply, userId);
      await recordSignIn(db, { userId, email: claims.email.trim().toLowerCase(), succeeded: true });
      return reply.redirect('/');
    },
  );
}

/**
 * The ID token's claims completed by the UserInfo endpoint: in the code flow many providers
 * release the profile, e-mail and custom claims only there. The signed ID token wins a conflict.
 */
async function accountClaims(
  configuration: oidc.Configuration,
  current: URL,
  checks: oidc.AuthorizationCodeGrantChecks,
): Promise<Record<string, unknown> & { iss: string; sub: string; email: string }> {
  const tokens = await oidc.authorizationCodeGrant(configuration, current, checks);
  const idToken = tokens.claims();
  if (!idToken) throw new Error('the identity provider sent no ID token');
  const userInfo: Record<string, unknown> = configuration.serverMetadata().userinfo_endpoint
    ? await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)
    : {};
  const claims = { ...userInfo, ...idToken };
  const { email } = claims;
  if (typeof email !== 'string') throw new Error('the identity provider sent no email claim');
  // An address the provider says it has not verified signs no one in (unverified and merely unsaid ones
  // link to no existing account either: oidc-user-repository.ts).
  if (claims.email_verified === false) throw new Error('the identity provider has not verified the email');
  return { ...claims, email };
}

/** The claim may be a list or a space- or comma-separated string; unknown names are ignored. */
export function featuresFrom(claim: unknown): Feature[] {
  const names = Array.isArray(claim) ? claim : typeof claim === 'string' ? claim.split(/[\s,]+/) : [];
  const features = names.flatMap((name) => {
    const parsed = featureSchema.safeParse(name);
    return parsed.success ? [parsed.data] : [];
  });
  return [...new Set(features)];
}
