import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import { jobScheduler, type PeriodicJob } from './job-scheduler';

export interface JobsPluginOptions {
  db: Database;
  /** This replica's name in job_lease (MQTT_CLIENT_ID: distinct per replica). */
  holder: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Periodic jobs that run once across all replicas (docs/operations.md). */
    jobs: {
      schedule(job: PeriodicJob): void;
      /** Stops this replica's jobs before the app closes (tests that ask only what routes answer). */
      stop(): Promise<void>;
    };
  }
}

/** Runs scheduled jobs from the moment the app is ready until it closes. */
export const jobsPlugin = fp(async (app: FastifyInstance, { db, holder }: JobsPluginOptions) => {
  const pending: PeriodicJob[] = [];
  let scheduler: ReturnType<typeof jobScheduler> | undefined;
  let stopped = false;
  app.decorate('jobs', {
    schedule(job: PeriodicJob) {
      if (scheduler) scheduler.schedule(job);
      else pending.push(job);
    },
    async stop() {
      stopped = true;
      await scheduler?.stop();
    },
  });
  app.addHook('onReady', async () => {
    if (stopped) return;
    scheduler = jobScheduler({
      db,
      holder: `${holder}-${process.pid}`,
      onError: (job, error) => app.log.error({ err: error, job }, 'Periodic job failed'),
    });
    for (const job of pending.splice(0)) scheduler.schedule(job);
  });
  app.addHook('onClose', async () => {
    await scheduler?.stop();
  });
});
