import { buffer } from 'node:stream/consumers';
import { DEVICE_CSV_MAX_BYTES, type DeviceCredentials } from '@cbm/contracts/device-registry';
import { deviceRegistryEndpoints } from '@cbm/contracts/endpoints/device-registry';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { readUpload } from '../../plugins/uploads';
import { fromEndpoint } from '../../route-from-endpoint';
import { requireManagedSite } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { deviceBrokerAddress } from './device-broker-address';
import { DeviceCsvError, parseDeviceCsv } from './device-csv';
import { deviceRegistryRepository } from './device-registry-repository';
import type { DeviceRegistryService } from './device-registry-service';

const FEATURE = 'cbm_osadmin';
const tags = ['device registry'];

/**
 * The site's device registry for its administrators (docs/decisions/021-device-registry.md): list, register one or
 * a CSV file of them, new credentials, revoke. Secrets appear only in the answer that created them.
 */
export async function deviceRegistryRoutes(
  app: FastifyInstance,
  options: { db: Database; registry: DeviceRegistryService; publicMqttUrl: string | undefined },
) {
  const sites = siteRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const actor = (user: { id: number; email: string }) => ({ userId: user.id, email: user.email });
  const issued = (credentials: DeviceCredentials, request: FastifyRequest) => ({
    ...credentials,
    brokerUrl: deviceBrokerAddress(options.publicMqttUrl, app.devices.brokerUrl, request.hostname),
  });

  api.route(
    fromEndpoint(deviceRegistryEndpoints.list, {
      config: { features: [FEATURE] },
      schema: { tags, summary: "The site's registered devices" },
      handler: async (request) => {
        await requireManagedSite(sites, request, request.query.operatingSiteId, FEATURE);
        const devices = await deviceRegistryRepository(options.db).list(request.query.operatingSiteId);
        return {
          devices: devices.map((device) => ({ ...device, limit: app.devices.limitState(device.mqttUsername) })),
        };
      },
    }),
  );

  api.route(
    fromEndpoint(deviceRegistryEndpoints.register, {
      status: 201,
      config: { features: [FEATURE] },
      schema: { tags, summary: 'Registers a device; the answer holds its MQTT secret, shown this once' },
      handler: async (request, reply) => {
        const user = await requireManagedSite(sites, request, request.body.operatingSiteId, FEATURE);
        const { registered } = await options.registry.register(actor(user), [request.body]);
        return reply.code(201).send(issued(registered[0] as DeviceCredentials, request));
      },
    }),
  );

  /** multipart: the CSV file (`serial,class,type,site`) in any file field; every site in it must be managed. */
  api.route(
    fromEndpoint(deviceRegistryEndpoints.import, {
      config: { features: [FEATURE] },
      schema: {
        tags,
        summary: 'Registers the devices of a CSV file (serial,class,type,site); those registered already are skipped',
        consumes: ['multipart/form-data'],
      },
      handler: async (request) => {
        const user = await requireManagedSite(sites, request, request.query.operatingSiteId, FEATURE);
        // The file is small (DEVICE_CSV_MAX_BYTES): read whole, then parsed.
        const upload = await readUpload(request, {
          maxBytes: DEVICE_CSV_MAX_BYTES,
          userId: user.id,
          receive: (file) => buffer(file.stream),
        });
        if (!upload) throw new HttpError(400, 'deviceRegistry.csvMissing', 'errors.deviceCsvMissing');
        let items: ReturnType<typeof parseDeviceCsv>;
        try {
          items = parseDeviceCsv(upload.received);
        } catch (error) {
          if (error instanceof DeviceCsvError) {
            throw new HttpError(400, 'deviceRegistry.invalidCsv', error.messageKey, error.values);
          }
          throw error;
        }
        const managed = new Set(await sites.accessibleSiteIds(user.id, FEATURE));
        const foreign = items.findIndex((item) => !managed.has(item.operatingSiteId as number));
        if (foreign >= 0) {
          throw new HttpError(400, 'deviceRegistry.invalidCsv', 'errors.deviceCsvSite', {
            line: foreign + 2,
            site: items[foreign]?.operatingSiteId ?? '',
          });
        }
        return options.registry.register(actor(user), items, false);
      },
    }),
  );

  api.route(
    fromEndpoint(deviceRegistryEndpoints.rotate, {
      config: { features: [FEATURE] },
      schema: {
        tags,
        summary: 'New MQTT credentials for a device (the old secret stops working at once; lifts a revocation)',
      },
      handler: async (request) => {
        const siteId = request.query.operatingSiteId;
        const user = await requireManagedSite(sites, request, siteId, FEATURE);
        return issued(
          await options.registry.rotate(actor(user), { ...request.params, operatingSiteId: siteId }),
          request,
        );
      },
    }),
  );

  api.route(
    fromEndpoint(deviceRegistryEndpoints.revoke, {
      config: { features: [FEATURE] },
      schema: {
        tags,
        summary: 'Revokes a device: it is disconnected at once and cannot connect until it gets new credentials',
      },
      handler: async (request) => {
        const siteId = request.query.operatingSiteId;
        const user = await requireManagedSite(sites, request, siteId, FEATURE);
        return options.registry.revoke(actor(user), { ...request.params, operatingSiteId: siteId });
      },
    }),
  );
}
