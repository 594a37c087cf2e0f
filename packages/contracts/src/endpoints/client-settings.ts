import { clientSettingsSchema } from '../client-settings';
import { endpoint } from '../endpoint';

/** The settings the web app reads at start. */
export const clientSettingsEndpoints = {
  client: endpoint({ method: 'GET', path: '/settings/client', response: clientSettingsSchema }),
};
