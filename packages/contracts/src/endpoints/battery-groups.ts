import {
  batteryGroupCreateBodySchema,
  batteryGroupDeletedSchema,
  batteryGroupParamsSchema,
  batteryGroupQuerySchema,
  batteryGroupRenameBodySchema,
  batteryGroupSchema,
  batteryGroupsSchema,
} from '../battery-groups';
import { endpoint } from '../endpoint';

/** A site's battery groups. */
export const batteryGroupsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/BatteryGroup',
    query: batteryGroupQuerySchema,
    response: batteryGroupsSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/BatteryGroup',
    body: batteryGroupCreateBodySchema,
    response: batteryGroupSchema,
  }),
  rename: endpoint({
    method: 'POST',
    path: '/BatteryGroup/:id',
    params: batteryGroupParamsSchema,
    query: batteryGroupQuerySchema,
    body: batteryGroupRenameBodySchema,
    response: batteryGroupSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/BatteryGroup/:id',
    params: batteryGroupParamsSchema,
    query: batteryGroupQuerySchema,
    response: batteryGroupDeletedSchema,
  }),
};
