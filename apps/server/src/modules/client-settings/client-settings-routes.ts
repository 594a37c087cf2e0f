import { clientSettingsSchema } from '@cbm/contracts/client-settings';
import { apiPath } from '@cbm/contracts/endpoint';
import { clientSettingsEndpoints } from '@cbm/contracts/endpoints/client-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../../version';

export async function clientSettingsRoutes(
  app: FastifyInstance,
  options: { mapTileUrl: string; oidcEnabled: boolean },
) {
  app.withTypeProvider<ZodTypeProvider>().get(apiPath(clientSettingsEndpoints.client), {
    schema: { tags: ['settings'], response: { 200: clientSettingsSchema } },
    handler: async () => ({ mapTileUrl: options.mapTileUrl, oidcEnabled: options.oidcEnabled, version: APP_VERSION }),
  });
}
