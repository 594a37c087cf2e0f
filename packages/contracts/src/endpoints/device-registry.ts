import {
  deviceImportResultSchema,
  deviceListQuerySchema,
  deviceListSchema,
  deviceParamsSchema,
  deviceSiteQuerySchema,
  issuedCredentialsSchema,
  registerDeviceBodySchema,
  registeredDeviceSchema,
} from '../device-registry';
import { endpoint } from '../endpoint';

/** The device registry: devices, their MQTT credentials, import. */
export const deviceRegistryEndpoints = {
  list: endpoint({ method: 'GET', path: '/devices', query: deviceListQuerySchema, response: deviceListSchema }),
  register: endpoint({
    method: 'POST',
    path: '/devices',
    body: registerDeviceBodySchema,
    response: issuedCredentialsSchema,
  }),
  import: endpoint({
    method: 'POST',
    path: '/devices/import',
    query: deviceSiteQuerySchema,
    response: deviceImportResultSchema,
  }),
  rotate: endpoint({
    method: 'POST',
    path: '/devices/:deviceClass/:serialNumber/rotate',
    params: deviceParamsSchema,
    query: deviceSiteQuerySchema,
    response: issuedCredentialsSchema,
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/devices/:deviceClass/:serialNumber/revoke',
    params: deviceParamsSchema,
    query: deviceSiteQuerySchema,
    response: registeredDeviceSchema,
  }),
};
