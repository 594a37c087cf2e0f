import { createHash } from 'node:crypto';
import type { ReportScheduleCadence, ReportScheduleRecipient } from '@cbm/contracts/report-schedules';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { type Language, translate } from '../../i18n/messages';
import type { PeriodicJob } from '../../jobs/job-scheduler';
import type { MailAttachment, MailTransport } from '../mail/mail-transport';
import { type PeriodReportData, periodReportData, periodReportFiles } from '../reports/period-report-files';
import { reportFormat } from '../reports/report-format';
import { lastClosedPeriod, type ReportPeriod } from './report-period';
import { type DueSchedule, reportScheduleRepository } from './report-schedule-repository';

export const REPORT_SCHEDULE_JOB = 'report-schedules';

export interface ReportScheduleJobOptions {
  transport: MailTransport;
  everyMs: number;
  /** Host part of the mails' Message-IDs. */
  messageIdHost: string;
  log: FastifyBaseLogger;
  /** The clock (tests fix it). */
  now?: () => number;
}

/**
 * Mails each schedule's report of the last closed period in its site's zone, once (decision 043): on one replica
 * per run (app.jobs), and each recipient's mail claimed in report_schedule_mail before it is sent, so that no
 * process sends it twice. Only the last closed period is sent: after downtime the job catches up once.
 */
export function reportScheduleJob(db: Database, options: ReportScheduleJobOptions): PeriodicJob {
  const now = options.now ?? Date.now;
  return {
    name: REPORT_SCHEDULE_JOB,
    everyMs: options.everyMs,
    async run() {
      let failure: unknown;
      for (const schedule of await reportScheduleRepository(db).all()) {
        const period = lastClosedPeriod(schedule.cadence, now(), schedule.timeZone);
        if (schedule.lastSentPeriod !== null && schedule.lastSentPeriod >= period.firstDate) continue;
        await mailSchedule(db, schedule, period, { ...options, now }).catch((error: unknown) => {
          options.log.error({ err: error, scheduleId: schedule.id }, 'Scheduled report not sent');
          failure ??= error;
        });
      }
      if (failure) throw failure;
    },
  };
}

async function mailSchedule(
  db: Database,
  schedule: DueSchedule,
  period: ReportPeriod,
  options: ReportScheduleJobOptions & { now: () => number },
) {
  const schedules = reportScheduleRepository(db);
  const claimed: ReportScheduleRecipient[] = [];
  for (const recipient of schedule.recipients) {
    if (await schedules.claimMail(schedule, period.firstDate, recipient.email)) claimed.push(recipient);
  }
  if (claimed.length === 0) return;
  const pending = new Set(claimed);
  try {
    const data = await periodReportData(db, { ...schedule, period });
    if (!data) return;
    const files = new Map<Language, Promise<MailAttachment[]>>();
    for (const recipient of claimed) {
      const language = recipient.language;
      if (!files.has(language)) files.set(language, periodReportFiles(data, language));
      await options.transport.send({
        ...mailText(data, schedule.cadence, language),
        messageId: `<report-${schedule.id}-${schedule.cadence}-${period.firstDate}-${hash(recipient.email)}@${options.messageIdHost}>`,
        to: recipient.email,
        date: new Date(options.now()),
        attachments: await (files.get(language) as Promise<MailAttachment[]>),
      });
      await schedules.mailSent(schedule, period.firstDate, recipient.email);
      pending.delete(recipient);
    }
    await schedules.periodSent(schedule.id, period.firstDate);
  } finally {
    for (const recipient of pending) await schedules.releaseMail(schedule, period.firstDate, recipient.email);
  }
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Subject and text in the recipient's language, the period's dates in its format and the site's zone. */
function mailText({ request, site }: PeriodReportData, cadence: ReportScheduleCadence, language: Language) {
  const { period } = request;
  const format = reportFormat(language, site.timezone);
  const values = {
    cadence: translate(language, `reportScheduleMail.${cadence}`),
    report: translate(language, `reportScheduleMail.${request.kind}`),
    site: site.name,
    from: format.localDate(period.firstDate),
    to: format.localDate(period.lastDate),
    timeZone: site.timezone,
    creator: request.createdBy,
  };
  return {
    subject: translate(language, 'reportScheduleMail.subject', values),
    text: `${translate(language, 'reportScheduleMail.intro', values)}\n\n${translate(language, 'reportScheduleMail.footer', values)}\n`,
  };
}
