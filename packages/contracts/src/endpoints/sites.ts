import { endpoint } from '../endpoint';
import { rulesQuerySchema, rulesResponseSchema } from '../site-permissions';
import { siteAccessQuerySchema, siteAccessResponseSchema, siteTreeSchema } from '../sites';

/** The user's site tree, where they hold a feature, and their permissions at a site. */
export const sitesEndpoints = {
  rules: endpoint({ method: 'GET', path: '/rules', query: rulesQuerySchema, response: rulesResponseSchema }),
  tree: endpoint({ method: 'GET', path: '/OperatingSites/info', response: siteTreeSchema }),
  access: endpoint({
    method: 'GET',
    path: '/OperatingSites/access',
    query: siteAccessQuerySchema,
    response: siteAccessResponseSchema,
  }),
};
