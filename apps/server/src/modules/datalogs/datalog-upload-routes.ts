import type { Readable } from 'node:stream';
import { DATALOG_RETENTION_DAYS } from '@cbm/contracts/constants';
import { DATALOG_MAX_BYTES } from '@cbm/contracts/datalogs';
import { datalogsEndpoints } from '@cbm/contracts/endpoints/datalogs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { datalogRepository } from './datalog-repository';
import { type DatalogStorage, UploadTooLargeError } from './datalog-storage';
import { hashUploadToken } from './datalog-token';
import { zipProblem } from './datalog-zip';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DatalogUploadOptions {
  db: Database;
  storage: DatalogStorage;
  now: () => Date;
}

const invalidToken = () => new HttpError(403, 'datalogs.uploadTokenInvalid', 'errors.datalogUploadTokenInvalid');
const tooLarge = () =>
  new HttpError(413, 'request.payloadTooLarge', 'errors.fileTooLarge', {
    max: `${DATALOG_MAX_BYTES / 1024 / 1024} MB`,
  });
const isStream = (body: unknown): body is Readable => typeof (body as Readable | undefined)?.pipe === 'function';

/**
 * PUT /api/v2/datalogs/{serial}/{id}/upload?token=…: the device's upload (docs/protocol.md, datalogUpload). No
 * session: the short-lived, single-use token in the link is the permission, for this battery's datalog only.
 * The token is checked before a byte of the body is read; then the body streams to disk, at most
 * DATALOG_MAX_BYTES, and must be a zip (decision 025).
 */
export async function datalogUploadRoutes(app: FastifyInstance, { db, storage, now }: DatalogUploadOptions) {
  // In this plugin only: every content type is left unread for the handler, which reads it after the token.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, body, done) => done(null, body));
  // A refused upload is answered without reading its body; closing the connection keeps it unread.
  app.addHook('onSend', async (request, reply) => {
    if (isStream(request.body) && !request.body.readableEnded) reply.header('connection', 'close');
  });

  app.withTypeProvider<ZodTypeProvider>().route(
    fromEndpoint(datalogsEndpoints.upload, {
      config: { public: true },
      schema: {
        tags: ['datalogs'],
        response: { 204: z.null().describe('stored') },
      },
      handler: async (request, reply) => {
        const { serial, id } = request.params;
        const tokenHash = hashUploadToken(request.query.token);
        const datalogs = datalogRepository(db);
        if (!(await datalogs.claimUpload(serial, id, tokenHash, now()))) throw invalidToken();
        let file: Awaited<ReturnType<DatalogStorage['save']>>;
        try {
          file = await receive(storage, id, request.body, Number(request.headers['content-length'] ?? 0));
        } catch (error) {
          await datalogs.releaseUpload(id, tokenHash);
          throw error;
        }
        const uploadedAt = now();
        const expiresAt = new Date(uploadedAt.getTime() + DATALOG_RETENTION_DAYS * DAY_MS);
        if (!(await datalogs.completeUpload(id, uploadedAt, file, expiresAt))) {
          // The request ended (the device reported a failure) or its link ran out meanwhile.
          await storage.remove(file.storageKey);
          throw invalidToken();
        }
        return reply.status(204).send(null);
      },
    }),
  );
}

/** Streams the body to the store and checks that it is a zip; the stored file, or a 400/413. */
async function receive(storage: DatalogStorage, id: number, body: unknown, declaredBytes: number) {
  if (declaredBytes > DATALOG_MAX_BYTES) throw tooLarge();
  const problem = (reason: string) => new HttpError(400, 'datalogs.invalidZip', 'errors.datalogInvalidZip', { reason });
  if (!isStream(body)) throw problem(zipProblem(new Uint8Array()) as string);
  const file = await storage.save(id, body, DATALOG_MAX_BYTES).catch((error: unknown) => {
    throw error instanceof UploadTooLargeError ? tooLarge() : error;
  });
  const reason = zipProblem(await storage.readAll(file.storageKey));
  if (reason) {
    await storage.remove(file.storageKey);
    throw problem(reason);
  }
  return file;
}
