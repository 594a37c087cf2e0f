import { clientSettingsEndpoints } from '@cbm/contracts/endpoints/client-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fromEndpoint } from '../../route-from-endpoint';
import { APP_VERSION } from '../../version';

export async function clientSettingsRoutes(
  app: FastifyInstance,
  options: { mapTileUrl: string; oidcEnabled: boolean },
) {
  app.withTypeProvider<ZodTypeProvider>().route(
    fromEndpoint(clientSettingsEndpoints.client, {
      schema: { tags: ['settings'] },
      handler: async () => ({ mapTileUrl: options.mapTileUrl, oidcEnabled: options.oidcEnabled, version: APP_VERSION }),
    }),
  );
}
