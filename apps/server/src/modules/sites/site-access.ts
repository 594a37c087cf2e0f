import type { Feature } from '@cbm/contracts/features';
import type { SitePermission } from '@cbm/contracts/site-permissions';
import type { FastifyRequest } from 'fastify';
import { forbidden, siteNotFound, siteNotManaged } from '../../http-error';
import type { SiteRepository } from './site-repository';

/** The signed-in user as the session cache keeps it. */
export type SignedInUser = Awaited<ReturnType<FastifyRequest['requireUser']>>;

/** Bounds what one user's requests can make a process remember (a site number is the caller's to choose). */
const MAX_ANSWERS_PER_USER = 1000;

/**
 * Answers kept with the signed-in user as the session cache keeps it (SESSION_CACHE_SECONDS, and forgotten at
 * once in this process when the user's access changes): the user object is the cache's, so the answers go with
 * it. Under load each question costs a database round trip as long as the page's own query (decision 070).
 */
const answersOf = new WeakMap<SignedInUser, Map<string, Promise<unknown>>>();

function newAnswers(user: SignedInUser) {
  const answers = new Map<string, Promise<unknown>>();
  answersOf.set(user, answers);
  return answers;
}

function remembered<T>(user: SignedInUser, key: string, ask: () => Promise<T>): Promise<T> {
  const answers = answersOf.get(user) ?? newAnswers(user);
  const known = answers.get(key) as Promise<T> | undefined;
  if (known) return known;
  const answer = ask();
  if (answers.size < MAX_ANSWERS_PER_USER) {
    answers.set(key, answer);
    answer.catch(() => answers.delete(key));
  }
  return answer;
}

/** Whether the user may see the site (with the feature): asked of the database once per cached session user. */
export const canAccessSite = (sites: SiteRepository, user: SignedInUser, siteId: number, feature: Feature | null) =>
  remembered(user, `access ${siteId} ${feature ?? ''}`, () => sites.canAccess(user.id, siteId, feature));

/** The user's permissions at the site (granted there or above): asked once per cached session user. */
export const siteRulesOf = (sites: SiteRepository, user: SignedInUser, siteId: number) =>
  remembered(user, `rules ${siteId}`, () => sites.rules(user.id, siteId));

/** The sites the user may see (with the feature): asked once per cached session user. */
export const accessibleSitesOf = (sites: SiteRepository, user: SignedInUser, feature: Feature | null) =>
  remembered(user, `sites ${feature ?? ''}`, async () =>
    Object.freeze(await sites.accessibleSiteIds(user.id, feature)),
  );

/** Those of the sites where the user holds the permission there or above: asked once per cached session user. */
export const sitesWithPermission = (
  sites: SiteRepository,
  user: SignedInUser,
  siteIds: readonly number[],
  permission: SitePermission,
) =>
  remembered(user, `permitted ${permission} ${siteIds.join(',')}`, async () =>
    Object.freeze(await sites.withPermission(user.id, siteIds, permission)),
  );

/**
 * The check every site-scoped call makes: 404 for an unknown site, 403 for a site the user may not
 * see (with that feature). Returns the signed-in user.
 */
export async function requireSiteAccess(
  sites: SiteRepository,
  request: FastifyRequest,
  siteId: number,
  feature: Feature | null = null,
) {
  const user = await request.requireUser();
  if (await canAccessSite(sites, user, siteId, feature)) return user;
  if (!(await sites.exists(siteId))) throw siteNotFound(siteId);
  throw forbidden();
}

/**
 * The check of admin calls (docs/decisions/007-admin-scope.md): the user must hold `feature` at the site.
 * A site outside the user's admin scope answers 404 like an unknown one, never 403. Returns the user.
 */
export async function requireManagedSite(
  sites: SiteRepository,
  request: FastifyRequest,
  siteId: number,
  feature: Feature,
) {
  const user = await request.requireUser();
  if (await canAccessSite(sites, user, siteId, feature)) return user;
  throw siteNotManaged(siteId);
}

/** `requireSiteAccess`, and the permission at the site when one is named (403 without it). Returns the user. */
export async function requireSitePermission(
  sites: SiteRepository,
  request: FastifyRequest,
  siteId: number,
  feature: Feature | null,
  permission: SitePermission | undefined,
) {
  const user = await requireSiteAccess(sites, request, siteId, feature);
  if (permission && !(await siteRulesOf(sites, user, siteId)).includes(permission)) throw forbidden();
  return user;
}
