import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { datalogReplyListener } from './datalog-replies';
import { datalogRetentionJob } from './datalog-retention';
import { datalogRoutes } from './datalog-routes';
import { datalogStorage } from './datalog-storage';
import { datalogUploadRoutes } from './datalog-upload-routes';

export interface DatalogsPluginOptions {
  db: Database;
  dataDir: string;
  publicUrl: string | undefined;
  /** The clock of expiry and retention; tests pass their own. */
  now?: () => Date;
}

/** Datalogs (state rules): the page's calls, the device's upload, failed replies and the retention job. */
export async function datalogsPlugin(app: FastifyInstance, options: DatalogsPluginOptions) {
  const now = options.now ?? (() => new Date());
  const storage = datalogStorage(options.dataDir);
  app.devices.addReplyListener(datalogReplyListener);
  await app.register(datalogRoutes, { db: options.db, storage, publicUrl: options.publicUrl, now });
  await app.register(datalogUploadRoutes, { db: options.db, storage, now });
  app.jobs.schedule(datalogRetentionJob({ db: options.db, storage, now, log: app.log.child({ module: 'datalogs' }) }));
}
