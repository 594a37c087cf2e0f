import { endpoint } from '../endpoint';
import { deviceLicencesSchema, licenceChangeBodySchema, licenceQuerySchema } from '../licences';

/** The licences of a site's display units. */
export const licencesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/LicenseManagement',
    query: licenceQuerySchema,
    response: deviceLicencesSchema,
  }),
  change: endpoint({
    method: 'POST',
    path: '/LicenseManagement',
    query: licenceQuerySchema,
    body: licenceChangeBodySchema,
    response: deviceLicencesSchema,
  }),
};
