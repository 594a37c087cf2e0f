import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { foldCareHours } from '../battery-care/care-fold';
import type { DeviceTransport } from '../device-broker/device-transport';
import { type CommandDeliveryListener, commandRedeliveryJob } from '../device-commands/command-redelivery';
import { batterySilenceJob } from '../device-ingestion/battery-silence-job';
import { sampleRetentionJob } from '../device-ingestion/sample-retention';
import type { LiveHub } from '../live-updates/live-hub';

export type ChannelJobsConfig = Pick<Config, 'BATTERY_SILENCE_CHECK_SECONDS' | 'SAMPLE_RETENTION_MONTHS'>;

/** The channel's periodic jobs: commands without an answer go out again, silent batteries, sample retention. */
export function scheduleChannelJobs(
  app: FastifyInstance,
  options: {
    config: ChannelJobsConfig;
    db: Database;
    live: LiveHub;
    transport: () => DeviceTransport | undefined;
    deliveries: CommandDeliveryListener[];
    firstRetryMs: number;
  },
): void {
  const { config, db, live, transport, deliveries, firstRetryMs } = options;
  app.jobs.schedule(
    commandRedeliveryJob({
      db,
      transport,
      listeners: deliveries,
      firstRetryMs,
      log: app.log.child({ module: 'commands' }),
    }),
  );
  if (config.BATTERY_SILENCE_CHECK_SECONDS > 0) {
    app.jobs.schedule(
      batterySilenceJob({
        db,
        everyMs: config.BATTERY_SILENCE_CHECK_SECONDS * 1000,
        onSilent: (batteries) => live.publish({ batteries, mdloads: [] }),
      }),
    );
  }
  if (config.SAMPLE_RETENTION_MONTHS > 0) {
    app.jobs.schedule(
      sampleRetentionJob({
        db,
        months: config.SAMPLE_RETENTION_MONTHS,
        log: app.log.child({ module: 'retention' }),
        beforeDropping: (fromMs, toMs) => foldCareHours(db, fromMs, toMs),
      }),
    );
  }
}
