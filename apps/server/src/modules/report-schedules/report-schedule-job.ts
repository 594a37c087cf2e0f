import { createHash } from 'node:crypto';
import type { ReportScheduleCadence } from '@cbm/contracts/report-schedules';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { type Language, translate } from '../../i18n/messages';
import type { PeriodicJob } from '../../jobs/job-scheduler';
import type { MailAttachment, MailTransport } from '../mail/mail-transport';
import { type PeriodReportData, periodReportData, periodReportFiles } from '../reports/period-report-files';
import { reportFormat } from '../reports/report-format';
import type { ReportPeriod } from '../reports/report-local-date';
import { lastClosedPeriod } from './report-period';
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
  /** How long a claimed mail stays with its process without renewal (it is renewed while it is sent). */
  claimMs?: number;
}

/**
 * Half the job's lease (decision 017): a process that died has let go of its claim before another replica can take
 * the job over, so that run sends the mail rather than finding it still claimed and leaving it to the run after.
 */
const CLAIM_MS = 30_000;

/**
 * Mails each schedule's report of the last closed period in its site's zone, at least once per recipient
 * (decisions 043 and 075): on one replica per run (app.jobs); each recipient's mail is claimed in
 * report_schedule_mail just before it is sent and marked sent right after, so a crash leaves at most that one
 * mail unmarked; its claim runs out and the next run on any replica sends it. Only the last closed period is
 * sent: after downtime the job catches up once.
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

/** Sends the period's mail to each recipient nobody sent it to or holds a live claim on; marks the period once all have it. */
async function mailSchedule(
  db: Database,
  schedule: DueSchedule,
  period: ReportPeriod,
  options: ReportScheduleJobOptions & { now: () => number },
) {
  const schedules = reportScheduleRepository(db);
  const claimMs = options.claimMs ?? CLAIM_MS;
  let data: Promise<PeriodReportData | undefined> | undefined;
  const files = new Map<Language, Promise<MailAttachment[]>>();
  for (const recipient of schedule.recipients) {
    const { email, language } = recipient;
    if (!(await schedules.claimMail(schedule, period.firstDate, email, claimMs))) continue;
    const renew = setInterval(
      () => void schedules.extendClaim(schedule, period.firstDate, email, claimMs).catch(() => undefined),
      claimMs / 3,
    );
    try {
      data ??= periodReportData(db, { ...schedule, period });
      const report = await data;
      if (!report) return await schedules.releaseMail(schedule, period.firstDate, email);
      if (!files.has(language)) files.set(language, periodReportFiles(report, language));
      await options.transport.send({
        ...mailText(report, schedule.cadence, language),
        messageId: `<report-${schedule.id}-${schedule.cadence}-${period.firstDate}-${hash(email)}@${options.messageIdHost}>`,
        to: email,
        date: new Date(options.now()),
        attachments: await (files.get(language) as Promise<MailAttachment[]>),
      });
    } catch (error) {
      await schedules.releaseMail(schedule, period.firstDate, email);
      throw error;
    } finally {
      clearInterval(renew);
    }
    await schedules.mailSent(schedule, period.firstDate, email);
  }
  const emails = schedule.recipients.map((recipient) => recipient.email);
  if (await schedules.allSent(schedule, period.firstDate, emails))
    await schedules.periodSent(schedule.id, period.firstDate);
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
