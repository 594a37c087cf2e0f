import { clientSettingsSchema } from '../client-settings';
import { endpoint } from '../endpoint';

export const clientSettingsEndpoints = {
  client: endpoint({ method: 'GET', path: '/settings/client', response: clientSettingsSchema }),
};
