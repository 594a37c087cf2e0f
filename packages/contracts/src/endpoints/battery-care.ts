import { careQuerySchema, careResponseSchema, rightSizingQuerySchema, rightSizingSchema } from '../battery-care';
import {
  lifecycleParamsSchema,
  lifecycleQuerySchema,
  lifecycleSchema,
  replacementPlanSchema,
  replacementQuerySchema,
} from '../battery-lifecycle';
import { endpoint } from '../endpoint';

/** Battery care: the fleet's care figures, right-sizing, the replacement plan and a battery's lifecycle. */
export const batteryCareEndpoints = {
  care: endpoint({ method: 'GET', path: '/battery/Care', query: careQuerySchema, response: careResponseSchema }),
  rightSizing: endpoint({
    method: 'GET',
    path: '/battery/Care/right-sizing',
    query: rightSizingQuerySchema,
    response: rightSizingSchema,
  }),
  replacement: endpoint({
    method: 'GET',
    path: '/battery/Care/replacement',
    query: replacementQuerySchema,
    response: replacementPlanSchema,
  }),
  lifecycle: endpoint({
    method: 'GET',
    path: '/battery/Care/:serial/lifecycle',
    params: lifecycleParamsSchema,
    query: lifecycleQuerySchema,
    response: lifecycleSchema,
  }),
};
