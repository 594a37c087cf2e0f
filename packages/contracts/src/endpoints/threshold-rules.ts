import {
  thresholdRuleBodySchema,
  thresholdRuleQuerySchema,
  thresholdRuleSchema,
  thresholdRulesSchema,
} from '../alarms';
import { alertParamsSchema } from '../alerts';
import { deletedIdSchema, endpoint } from '../endpoint';

/** One product's threshold and silence rules: the same calls under the product's base path. */
function thresholdRuleEndpointsAt<const Base extends string>(base: Base) {
  return {
    list: endpoint({ method: 'GET', path: base, query: thresholdRuleQuerySchema, response: thresholdRulesSchema }),
    create: endpoint({ method: 'POST', path: base, body: thresholdRuleBodySchema, response: thresholdRuleSchema }),
    update: endpoint({
      method: 'PUT',
      path: `${base}/:id`,
      params: alertParamsSchema,
      body: thresholdRuleBodySchema,
      response: thresholdRuleSchema,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${base}/:id`,
      params: alertParamsSchema,
      query: thresholdRuleQuerySchema,
      response: deletedIdSchema,
    }),
  };
}

export const thresholdRuleEndpoints = {
  battery: thresholdRuleEndpointsAt('/ThresholdRule'),
  mdload: thresholdRuleEndpointsAt('/mdload/MdloadThresholdRule'),
};
