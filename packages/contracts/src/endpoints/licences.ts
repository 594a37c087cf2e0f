import { endpoint } from '../endpoint';
import { deviceLicencesSchema, licenceChangeBodySchema, licenceQuerySchema } from '../licences';

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
