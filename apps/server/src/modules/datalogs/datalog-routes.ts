import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { DATALOG_RETENTION_DAYS } from '@cbm/contracts/constants';
import { DATALOG_UPLOAD_WINDOW_MINUTES, datalogFileName } from '@cbm/contracts/datalogs';
import { API_PREFIX, fillPath } from '@cbm/contracts/endpoint';
import { datalogsEndpoints } from '@cbm/contracts/endpoints/datalogs';
import type { Feature } from '@cbm/contracts/features';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { batteryNotFound, HttpError } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { auditRepository } from '../audit/audit-repository';
import { requireSiteAccess } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { datalogRepository, type StoredDatalog } from './datalog-repository';
import type { DatalogStorage } from './datalog-storage';
import { newUploadToken } from './datalog-token';

const FEATURE: Feature = 'cbm_datalog';
const config = { features: [FEATURE] };
const tags = ['datalogs'];
const MINUTE_MS = 60_000;

export interface DatalogRouteOptions {
  db: Database;
  storage: DatalogStorage;
  publicUrl: string | undefined;
  now: () => Date;
}

const withoutStorage = ({ storageKey: _, ...datalog }: StoredDatalog) => datalog;

interface UploadLink {
  serial: string;
  id: number;
  token: string;
}

/**
 * The link of this battery's datalog only (decision 025), where the device reaches this server: PUBLIC_URL,
 * else the address the user's request came to.
 */
function uploadUrl(request: FastifyRequest, publicUrl: string | undefined, { serial, id, token }: UploadLink) {
  const base = publicUrl ?? `${request.protocol}://${request.host}`;
  const link = `${API_PREFIX}${fillPath(datalogsEndpoints.upload.path, { serial, id })}?token=${encodeURIComponent(token)}`;
  return new URL(link, base).href;
}

/** The datalog page's calls (cbm_datalog, site access): list, request from a battery, download the zip. */
export async function datalogRoutes(app: FastifyInstance, options: DatalogRouteOptions) {
  const { db, storage, now } = options;
  const sites = siteRepository(db);
  const datalogs = datalogRepository(db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(datalogsEndpoints.list, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSiteAccess(sites, request, request.query.operatingSiteId, FEATURE);
        return { datalogs: (await datalogs.list(request.query.operatingSiteId)).map(withoutStorage) };
      },
    }),
  );

  api.route(
    fromEndpoint(datalogsEndpoints.batteries, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSiteAccess(sites, request, request.query.operatingSiteId, FEATURE);
        return datalogs.batteries(request.query.operatingSiteId);
      },
    }),
  );

  /** Sends the datalogUpload command with a fresh upload link; the device uploads when it gets it. */
  api.route(
    fromEndpoint(datalogsEndpoints.request, {
      status: 201,
      config,
      schema: { tags },
      handler: async (request, reply) => {
        const siteId = request.query.operatingSiteId;
        const { serial } = request.params;
        const user = await requireSiteAccess(sites, request, siteId, FEATURE);
        if (!(await datalogs.batteryExists(siteId, serial))) {
          throw batteryNotFound(serial);
        }
        const requestedAt = now();
        if (await datalogs.hasPending(serial, requestedAt)) {
          throw new HttpError(409, 'datalogs.alreadyRequested', 'errors.datalogAlreadyRequested', { serial });
        }
        const { token, hash } = newUploadToken();
        const id = await db.transaction(async (tx) => {
          const created = await datalogRepository(tx).insert({
            serial,
            siteId,
            requestedBy: user.id,
            requestedAt,
            tokenHash: hash,
            tokenExpiresAt: new Date(requestedAt.getTime() + DATALOG_UPLOAD_WINDOW_MINUTES * MINUTE_MS),
          });
          await auditRepository(tx).record({ userId: user.id, email: user.email }, [
            {
              action: AUDIT_ACTIONS.datalogRequested,
              entityType: 'datalog',
              entityId: String(created),
              siteIds: [siteId],
              next: { batterySerialNumber: serial },
            },
          ]);
          return created;
        });
        try {
          const url = uploadUrl(request, options.publicUrl, { serial, id, token });
          const sent = await app.devices.sendCommand(
            serial,
            { type: 'datalogUpload', datalogId: id, uploadUrl: url },
            { issuedBy: user.id },
          );
          await datalogs.setCommand(id, sent.id);
        } catch (error) {
          await datalogs.fail(id, 'failed', null);
          throw error;
        }
        return reply.status(201).send(withoutStorage((await datalogs.find(siteId, id)) as StoredDatalog));
      },
    }),
  );

  api.route(
    fromEndpoint(datalogsEndpoints.download, {
      config,
      schema: {
        tags,
        response: { 200: z.unknown().describe('application/zip: the zip the battery uploaded') },
      },
      handler: async (request, reply) => {
        const siteId = request.query.operatingSiteId;
        const { id } = request.params;
        await requireSiteAccess(sites, request, siteId, FEATURE);
        const datalog = await datalogs.find(siteId, id);
        if (!datalog) throw new HttpError(404, 'datalogs.notFound', 'errors.datalogNotFound', { id });
        const expired = () =>
          new HttpError(410, 'datalogs.expired', 'errors.datalogExpired', { id, days: DATALOG_RETENTION_DAYS });
        if (datalog.status === 'expired') throw expired();
        if (datalog.status !== 'uploaded' || !datalog.storageKey) {
          throw new HttpError(409, 'datalogs.notUploaded', 'errors.datalogNotUploaded', { id });
        }
        // The retention job may not have run yet: four days are four days.
        if (datalog.expiresAt && Date.parse(datalog.expiresAt) <= now().getTime()) throw expired();
        const size = await storage.size(datalog.storageKey);
        if (size === null) throw expired();
        return reply
          .header('content-type', 'application/zip')
          .header('content-length', size)
          .header('content-disposition', `attachment; filename="${datalogFileName(datalog)}"`)
          .header('cache-control', 'no-store')
          .send(storage.read(datalog.storageKey));
      },
    }),
  );
}
