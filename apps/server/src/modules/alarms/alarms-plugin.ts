import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { alarmEventListener } from './alarm-event-listener';
import { alarmRetentionJob } from './alarm-retention';
import { alarmRoutes } from './alarm-routes';
import { careRuleJob } from './care-rule-job';
import { silenceJob } from './silence-job';
import { type AlarmListenerOptions, batteryThresholdListener, mdloadThresholdListener } from './threshold-listener';
import { thresholdRuleRoutes } from './threshold-rule-routes';

type AlarmsConfig = Pick<
  Config,
  | 'ALERT_MAILS_PER_WINDOW'
  | 'ALERT_WINDOW_SECONDS'
  | 'ALARM_SILENCE_CHECK_SECONDS'
  | 'ALARM_RETENTION_DAYS'
  | 'CARE_RULE_CHECK_SECONDS'
>;

/**
 * The alarm inbox and the threshold, silence and care rules (decisions 040, 134). Register after the alerts plugin: event
 * alarms hang off ingestion's event listeners, threshold alarms off its sample listeners, silence, care and retention on
 * app.jobs. Alarms' changes go to the browsers through app.devices.live (decision 044).
 */
export async function alarmsPlugin(app: FastifyInstance, { config, db }: { config: AlarmsConfig; db: Database }) {
  await app.register(alarmRoutes, { db });
  await app.register(thresholdRuleRoutes, { db, product: 'battery' });
  await app.register(thresholdRuleRoutes, { db, product: 'mdload' });
  const options: AlarmListenerOptions = {
    mailsPerWindow: config.ALERT_MAILS_PER_WINDOW,
    windowMs: config.ALERT_WINDOW_SECONDS * 1000,
    onFired(fired) {
      for (const [siteId, alerts] of fired) app.devices.live.publishAlerts(siteId, alerts);
    },
    onAlarmsChanged: (changes) => app.devices.live.publishAlarms(changes),
  };
  app.devices.addEventListener(alarmEventListener(options.onAlarmsChanged));
  app.devices.addSampleListener(batteryThresholdListener(options));
  app.devices.addMdloadListener(mdloadThresholdListener(options));
  app.jobs.schedule(silenceJob(db, config.ALARM_SILENCE_CHECK_SECONDS * 1000, options));
  app.jobs.schedule(careRuleJob(db, config.CARE_RULE_CHECK_SECONDS * 1000, options));
  if (config.ALARM_RETENTION_DAYS > 0) {
    app.jobs.schedule(
      alarmRetentionJob({ db, days: config.ALARM_RETENTION_DAYS, log: app.log.child({ module: 'alarms' }) }),
    );
  }
}
