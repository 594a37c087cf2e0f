import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import { deviceRegistryRoutes } from './device-registry-routes';
import { type DeviceRegistryService, deviceRegistryService } from './device-registry-service';

declare module 'fastify' {
  interface FastifyInstance {
    deviceRegistry: DeviceRegistryService;
  }
}

/** The device registry (app.deviceRegistry) and its routes; every change reaches the broker at once. */
export const deviceRegistryPlugin = fp(
  async (app: FastifyInstance, { db, publicMqttUrl }: { db: Database; publicMqttUrl: string | undefined }) => {
    const registry = deviceRegistryService(db, (change) => app.devices.credentialsChanged(change));
    app.decorate('deviceRegistry', registry);
    await app.register(deviceRegistryRoutes, { db, registry, publicMqttUrl });
  },
);
