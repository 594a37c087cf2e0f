import { auditPageSchema, auditQuerySchema } from '../audit';
import { endpoint } from '../endpoint';

/** The audit log of a site, a page at a time. */
export const auditEndpoints = {
  page: endpoint({ method: 'GET', path: '/audit', query: auditQuerySchema, response: auditPageSchema }),
};
