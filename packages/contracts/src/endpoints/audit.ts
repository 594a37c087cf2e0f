import { auditPageSchema, auditQuerySchema } from '../audit';
import { endpoint } from '../endpoint';

export const auditEndpoints = {
  page: endpoint({ method: 'GET', path: '/audit', query: auditQuerySchema, response: auditPageSchema }),
};
