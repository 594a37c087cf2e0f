import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { createMailTransport } from '../mail/mail-transport';
import { reportScheduleJob } from './report-schedule-job';
import { reportScheduleRoutes } from './report-schedule-routes';

type SchedulesConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'mailOutboxDir' | 'PUBLIC_URL' | 'PORT'>;

/** How often a replica looks for a closed period to mail: a report arrives within this after the period closed. */
export const REPORT_SCHEDULE_CHECK_MS = 5 * 60_000;

/** Scheduled reports (decision 043): their routes and the job that mails them. Register after the jobs plugin. */
export async function reportSchedulesPlugin(
  app: FastifyInstance,
  { config, db }: { config: SchedulesConfig; db: Database },
) {
  await app.register(reportScheduleRoutes, { db });
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const transport = createMailTransport(config);
  app.jobs.schedule(
    reportScheduleJob(db, {
      transport,
      everyMs: REPORT_SCHEDULE_CHECK_MS,
      messageIdHost: new URL(publicUrl).hostname,
      log: app.log.child({ module: 'report-schedules' }),
    }),
  );
  app.addHook('onClose', async () => transport.close());
}
