import {
  batteryAssignmentBodySchema,
  batteryAssignmentResultSchema,
  expectedBatteriesSchema,
  osAdminQuerySchema,
  siteSettingsBodySchema,
  siteSettingsSchema,
} from '../admin';
import { endpoint } from '../endpoint';

/** A site's settings and its expected batteries. */
export const siteAdminEndpoints = {
  settings: endpoint({ method: 'GET', path: '/OsAdmin', query: osAdminQuerySchema, response: siteSettingsSchema }),
  updateSettings: endpoint({
    method: 'POST',
    path: '/OsAdmin',
    query: osAdminQuerySchema,
    body: siteSettingsBodySchema,
    response: siteSettingsSchema,
  }),
  expectedBatteries: endpoint({
    method: 'GET',
    path: '/OsAdmin/batteries',
    query: osAdminQuerySchema,
    response: expectedBatteriesSchema,
  }),
  assignBatteries: endpoint({
    method: 'POST',
    path: '/OsAdmin/batteries',
    body: batteryAssignmentBodySchema,
    response: batteryAssignmentResultSchema,
  }),
};
