import { DATALOG_RETENTION_DAYS } from '@cbm/contracts/constants';
import { DATALOG_MAX_BYTES, datalogUploadParamsSchema, datalogUploadQuerySchema } from '@cbm/contracts/datalogs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { datalogRepository } from './datalog-repository';
import type { DatalogStorage } from './datalog-storage';
import { hashUploadToken } from './datalog-token';
import { zipProblem } from './datalog-zip';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DatalogUploadOptions {
  db: Database;
  storage: DatalogStorage;
  now: () => Date;
}

const invalidToken = () => new HttpError(403, 'datalogs.uploadTokenInvalid', 'errors.datalogUploadTokenInvalid');

/**
 * PUT /api/v2/datalogs/{serial}/{id}/upload?token=…: the device's upload (docs/protocol.md, datalogUpload). No
 * session: the short-lived, single-use token in the link is the permission, for this battery's datalog only. Any content type is read as
 * bytes and must be a zip.
 */
export async function datalogUploadRoutes(app: FastifyInstance, { db, storage, now }: DatalogUploadOptions) {
  // Registered in this plugin only, so that no other route takes raw bodies.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.withTypeProvider<ZodTypeProvider>().put('/api/v2/datalogs/:serial/:id/upload', {
    config: { public: true },
    bodyLimit: DATALOG_MAX_BYTES,
    schema: {
      tags: ['datalogs'],
      params: datalogUploadParamsSchema,
      querystring: datalogUploadQuerySchema,
      response: { 204: z.null().describe('stored') },
    },
    handler: async (request, reply) => {
      const { serial, id } = request.params;
      const tokenHash = hashUploadToken(request.query.token);
      const datalogs = datalogRepository(db);
      if (!(await datalogs.acceptsToken(serial, id, tokenHash, now()))) throw invalidToken();
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const problem = zipProblem(data);
      if (problem) throw new HttpError(400, 'datalogs.invalidZip', 'errors.datalogInvalidZip', { reason: problem });

      const file = await storage.save(id, data);
      const uploadedAt = now();
      const stored = await datalogs.completeUpload(
        id,
        tokenHash,
        uploadedAt,
        file,
        new Date(uploadedAt.getTime() + DATALOG_RETENTION_DAYS * DAY_MS),
      );
      if (!stored) {
        // Another upload with the same token won the race, or the link ran out meanwhile.
        await storage.remove(file.storageKey);
        throw invalidToken();
      }
      return reply.status(204).send(null);
    },
  });
}
