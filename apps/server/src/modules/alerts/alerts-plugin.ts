import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { createMailTransport } from '../mail/mail-transport';
import { alertListener } from './alert-listener';
import { alertRoutes } from './alert-routes';
import { DeliveryJob } from './delivery-job';
import { outboxRetentionJob } from './outbox-retention';

type AlertsConfig = Pick<
  Config,
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'mailOutboxDir'
  | 'PUBLIC_URL'
  | 'PORT'
  | 'ALERT_MAILS_PER_WINDOW'
  | 'ALERT_WINDOW_SECONDS'
  | 'MAIL_RETRY_SECONDS'
  | 'MAIL_OUTBOX_RETENTION_DAYS'
>;

/**
 * Alert rules (battery and charger-station), their evaluation at ingestion, the mail delivery job and the
 * outbox retention job.
 * Register after the jobs and devices plugins: it schedules on app.jobs and hangs its listener off app.devices.
 */
export async function alertsPlugin(app: FastifyInstance, { config, db }: { config: AlertsConfig; db: Database }) {
  await app.register(alertRoutes, { db, product: 'battery' });
  await app.register(alertRoutes, { db, product: 'mdload' });

  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const transport = createMailTransport(config);
  const job = new DeliveryJob({
    db,
    transport,
    publicUrl,
    messageIdHost: new URL(publicUrl).hostname,
    retryMs: config.MAIL_RETRY_SECONDS * 1000,
    pollMs: Math.min(1000, config.MAIL_RETRY_SECONDS * 1000),
    log: app.log.child({ module: 'alert-mail' }),
  });
  app.devices.addEventListener(
    alertListener({
      mailsPerWindow: config.ALERT_MAILS_PER_WINDOW,
      windowMs: config.ALERT_WINDOW_SECONDS * 1000,
      onFired(fired) {
        for (const [siteId, alerts] of fired) app.devices.live.publishAlerts(siteId, alerts);
        job.wake();
      },
    }),
  );
  app.jobs.schedule(
    outboxRetentionJob({
      db,
      outboxDir: config.mailOutboxDir,
      retentionDays: config.MAIL_OUTBOX_RETENTION_DAYS,
      log: app.log.child({ module: 'alert-mail' }),
    }),
  );
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => {
    await job.stop();
    transport.close();
  });
}
