import { createHash } from 'node:crypto';
import { outdatedVersions } from '@cbm/contracts/battery-list';
import { updatesEndpoints } from '@cbm/contracts/endpoints/updates';
import type { Feature } from '@cbm/contracts/features';
import { UPDATE_FILE_MAX_BYTES, updateStartResponseSchema } from '@cbm/contracts/update-jobs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { batteryNotFound, HttpError } from '../../http-error';
import { readUpload } from '../../plugins/uploads';
import { fromEndpoint } from '../../route-from-endpoint';
import { batteryListService } from '../battery-list/battery-list-service';
import { requireSiteAccess } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { updateDeliveryListener } from './update-delivery-listener';
import { updateFileStore } from './update-file-store';
import { updateJobListener } from './update-job-listener';
import { updateRepository } from './update-repository';
import { startUpdate, validUpload } from './update-service';

const FEATURE: Feature = 'cbm_update';
const config = { features: [FEATURE] };
const tags = ['software update'];

export interface UpdateRoutesOptions {
  db: Database;
  dataDir: string;
  publicUrl: string | undefined;
}

/** The software update API calls (cbm_update) and the device's download of the image (decision 010). */
export async function updateRoutes(app: FastifyInstance, options: UpdateRoutesOptions) {
  const { db } = options;
  const sites = siteRepository(db);
  const batteries = batteryListService(db);
  const files = updateFileStore(options.dataDir);
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.devices.addReplyListener(updateJobListener(app.log.child({ module: 'updates' })));
  app.devices.addDeliveryListener(updateDeliveryListener);

  /** {a}/{b} in the API calls are the operating site and the battery's serial number. */
  api.route(
    fromEndpoint(updatesEndpoints.start, {
      config,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: updateStartResponseSchema },
      },
      handler: async (request, reply) => {
        const { operatingSiteId, serial } = request.params;
        const user = await requireSiteAccess(sites, request, operatingSiteId, FEATURE);
        const battery = await batteries.find(operatingSiteId, serial);
        if (!battery) throw batteryNotFound(serial);
        const upload = await readUpload(request, {
          maxBytes: UPDATE_FILE_MAX_BYTES,
          userId: user.id,
          receive: (file) => files.receive(file.stream),
          abandon: (image) => image.discard(),
        });
        try {
          const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
          const valid = validUpload(upload);
          const result = await startUpdate(app, db, { battery, upload: valid, user, siteId: operatingSiteId, origin });
          return reply.code(result.upToDate ? 200 : 201).send(result);
        } finally {
          await upload?.received.discard();
        }
      },
    }),
  );

  api.route(
    fromEndpoint(updatesEndpoints.softwareInfo, {
      config,
      schema: { tags },
      handler: async (request) => {
        const { operatingSiteId } = request.query;
        await requireSiteAccess(sites, request, operatingSiteId, FEATURE);
        const battery = await batteries.find(operatingSiteId, request.params.serial);
        if (!battery) throw batteryNotFound(request.params.serial);
        const expected = await batteries.expectedFor(operatingSiteId, battery.type);
        const { bspVersion, BamVersion, bootVersion, firmwareVersion, hardwareVersion, iotHmiVersion, iotSwVersion } =
          battery;
        const current = {
          bspVersion,
          BamVersion,
          bootVersion,
          firmwareVersion,
          hardwareVersion,
          iotHmiVersion,
          iotSwVersion,
        };
        return {
          batterySerialNumber: battery.batterySerialNumber,
          type: battery.type,
          status: battery.status,
          currentVersions: current,
          expectedVersions: expected,
          outdated: outdatedVersions(current, expected),
          jobs: await updateRepository(db).jobs(battery.batterySerialNumber, operatingSiteId),
        };
      },
    }),
  );

  /**
   * The battery fetches its job's image with the job's short-lived token; another battery's or job's link, or
   * anything else, looks like no file at all (decision 025).
   */
  api.route(
    fromEndpoint(updatesEndpoints.download, {
      config: { public: true },
      schema: {
        tags,
        response: { 200: z.any().describe('application/octet-stream') },
      },
      handler: async (request, reply) => {
        const tokenHash = createHash('sha256').update(request.query.token).digest('hex');
        const { serial, jobId } = request.params;
        const file = await updateRepository(db).downloadable(serial, jobId, tokenHash);
        if (!file) throw new HttpError(404, 'request.notFound', 'errors.updateDownloadNotFound');
        return reply
          .header('content-type', 'application/octet-stream')
          .header('cache-control', 'no-store')
          .send(files.open(file.sha256));
      },
    }),
  );
}
