import {
  type AlertProduct,
  alertBatteriesSchema,
  alertBatteryTypesSchema,
  alertBodySchema,
  alertGroupsSchema,
  alertParamsSchema,
  alertQuerySchema,
  alertSchema,
  alertsSchema,
} from '../alerts';
import { deletedIdSchema, endpoint } from '../endpoint';

/** One product's alert rules: the same calls under the product's base path. */
function alertEndpointsAt<const Base extends string>(base: Base, product: AlertProduct) {
  const body = alertBodySchema(product);
  return {
    list: endpoint({ method: 'GET', path: base, query: alertQuerySchema, response: alertsSchema }),
    create: endpoint({ method: 'POST', path: base, body, response: alertSchema }),
    update: endpoint({ method: 'PUT', path: `${base}/:id`, params: alertParamsSchema, body, response: alertSchema }),
    remove: endpoint({
      method: 'DELETE',
      path: `${base}/:id`,
      params: alertParamsSchema,
      query: alertQuerySchema,
      response: deletedIdSchema,
    }),
    batteryTypes: endpoint({
      method: 'GET',
      path: `${base}/filter/batteryTypes`,
      query: alertQuerySchema,
      response: alertBatteryTypesSchema,
    }),
    batteries: endpoint({
      method: 'GET',
      path: `${base}/filter/batteries`,
      query: alertQuerySchema,
      response: alertBatteriesSchema,
    }),
    groups: endpoint({
      method: 'GET',
      path: `${base}/filter/groups`,
      query: alertQuerySchema,
      response: alertGroupsSchema,
    }),
  };
}

export const alertEndpoints = {
  battery: alertEndpointsAt('/Alert', 'battery'),
  mdload: alertEndpointsAt('/mdload/MdloadAlert', 'mdload'),
};
