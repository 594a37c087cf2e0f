import { Readable } from 'node:stream';
import { reportsEndpoints } from '@cbm/contracts/endpoints/reports';
import {
  REPORT_CSV_FIELD,
  REPORT_CSV_MAX_BYTES,
  REPORT_MAX_DAYS,
  type ReportFileType,
  reportCsvFieldsSchema,
  reportFileName,
} from '@cbm/contracts/reports';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { ReadDatabase } from '../../db/read-database';
import { batteryNotFound, HttpError, siteNotFound } from '../../http-error';
import { readUpload, type UploadedFile } from '../../plugins/uploads';
import type { ValidationItem } from '../../plugins/validator-compiler';
import { fromEndpoint } from '../../route-from-endpoint';
import { siteRepository } from '../sites/site-repository';
import { noDataFound, statisticsService } from '../statistics/statistics-service';
import { REPORT_FEATURE, requireReportAccess } from './report-access';
import { REPORT_CSV_HEADER, reportCsvLine, reportCsvLines } from './report-csv';
import { ReportCsvError } from './report-csv-parser';
import { reportEvents } from './report-events';
import { localDate } from './report-local-date';
import { renderReportPdf } from './report-pdf';
import { reportRepository } from './report-repository';
import { figuresFromRollups } from './report-rollups';
import { figuresFromCsv, reportDocument } from './report-service';

interface Period {
  fromMs: number;
  toMs: number;
  timeZone: string;
}

const config = { features: [REPORT_FEATURE] };
const tags = ['reports'];
const pdfResponse = { 200: z.any().describe('application/pdf') };

const csvMissing = () => new HttpError(400, 'reports.csvMissing', 'errors.reportCsvMissing');
const csvInvalid = (error: ReportCsvError) => new HttpError(400, 'reports.invalidCsv', error.messageKey, error.values);

/** The report API calls: defaults, the PDF and CSV of a battery, and a PDF from an uploaded CSV. */
export async function reportRoutes(app: FastifyInstance, options: { db: Database; readDb: ReadDatabase }) {
  const sites = siteRepository(options.db);
  const reports = reportRepository(options.readDb);
  const statistics = statisticsService(options.readDb);
  const api = app.withTypeProvider<ZodTypeProvider>();

  const requireSite = async (request: FastifyRequest, siteId: number) => {
    const user = await requireReportAccess(sites, request, siteId);
    const site = await reports.site(siteId);
    if (!site) throw siteNotFound(siteId);
    return { user, site };
  };
  const requireBattery = async (siteId: number, serial: string) => {
    const battery = await reports.battery(siteId, serial);
    if (!battery) throw batteryNotFound(serial);
    return battery;
  };
  const sendFile = (reply: FastifyReply, type: ReportFileType, serial: string, period: Period) => {
    const from = localDate(period.fromMs, period.timeZone);
    const to = localDate(Math.max(period.fromMs, period.toMs - 1), period.timeZone);
    const contentType = type === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8';
    return reply
      .header('content-type', contentType)
      .header('content-disposition', `attachment; filename="${reportFileName(serial, from, to, type)}"`);
  };

  api.route(
    fromEndpoint(reportsEndpoints.batteries, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireReportAccess(sites, request, request.query.operatingSiteId);
        return reports.batteries(request.query.operatingSiteId);
      },
    }),
  );

  api.route(
    fromEndpoint(reportsEndpoints.siteDefaults, {
      config,
      schema: { tags },
      handler: async (request) => {
        const { site } = await requireSite(request, request.query.operatingSiteId);
        const { currency, pricePerKwh, timezone } = site;
        return { currency, pricePerKwh, timezone, timestampMin: null, timestampMax: null };
      },
    }),
  );

  api.route(
    fromEndpoint(reportsEndpoints.batteryDefaults, {
      config,
      schema: { tags },
      handler: async (request) => {
        const siteId = request.query.operatingSiteId;
        const { site } = await requireSite(request, siteId);
        await requireBattery(siteId, request.params.serial);
        const range = await reports.dataRange(siteId, request.params.serial);
        const { currency, pricePerKwh, timezone } = site;
        return { currency, pricePerKwh, timezone, timestampMin: range.min, timestampMax: range.max };
      },
    }),
  );

  api.route(
    fromEndpoint(reportsEndpoints.pdf, {
      config,
      schema: { tags, response: pdfResponse },
      handler: async (request, reply) => {
        const { operatingSiteId: siteId, timestampMin, timestampMax, ...settings } = request.query;
        const { user, site } = await requireSite(request, siteId);
        const battery = await requireBattery(siteId, request.params.serial);
        const period = { fromMs: timestampMin * 1000, toMs: timestampMax * 1000 };
        const figures = await figuresFromRollups(
          { reports, statistics },
          { siteId, serial: battery.serialNumber, settings, period },
        );
        if (figures.missingDates.length === figures.days.length && figures.chargeSessions === 0) {
          const dates = { firstDate: figures.days[0]?.date ?? '', lastDate: figures.days.at(-1)?.date ?? '' };
          throw noDataFound([battery.serialNumber], dates);
        }
        const profile = await reports.user(user.id);
        const document = reportDocument({
          settings,
          figures,
          battery,
          serial: battery.serialNumber,
          siteName: site.name,
          user: profile ?? { firstName: '', lastName: '', theme: 'default' },
          source: { kind: 'samples' },
          requested: period,
        });
        const where = { siteId, serial: battery.serialNumber, ...period };
        const events = await reportEvents(options.db, where, document.language);
        return sendFile(reply, 'pdf', battery.serialNumber, figures).send(
          await renderReportPdf({ ...document, events }),
        );
      },
    }),
  );

  api.route(
    fromEndpoint(reportsEndpoints.csv, {
      config,
      schema: {
        tags,
        response: { 200: z.any().describe('text/csv: the datalog format of docs/reports.md') },
      },
      handler: async (request, reply) => {
        const { operatingSiteId: siteId, timestampMin, timestampMax, timezone } = request.query;
        await requireSite(request, siteId);
        const battery = await requireBattery(siteId, request.params.serial);
        const fromMs = timestampMin * 1000;
        const toMs = timestampMax * 1000;
        const samples = reports.samples(siteId, battery.serialNumber, fromMs, toMs);
        const edges = await reports.edgeSamples(siteId, battery.serialNumber, fromMs, toMs);
        async function* lines() {
          yield REPORT_CSV_HEADER;
          if (edges.before) yield reportCsvLine(edges.before);
          for await (const batch of samples) yield reportCsvLines(batch);
          if (edges.after) yield reportCsvLine(edges.after);
        }
        const period = { fromMs, toMs, timeZone: timezone };
        return sendFile(reply, 'csv', battery.serialNumber, period).send(Readable.from(lines()));
      },
    }),
  );

  /**
   * multipart: the settings as text fields, then the file in cSVFile, parsed as it arrives; operatingSiteId in the
   * query (checked first).
   */
  api.route(
    fromEndpoint(reportsEndpoints.pdfFromCsv, {
      config,
      schema: { tags, consumes: ['multipart/form-data'], response: pdfResponse },
      handler: async (request, reply) => {
        const siteId = request.query.operatingSiteId;
        const { user, site } = await requireSite(request, siteId);
        const upload = await readUpload(request, {
          maxBytes: REPORT_CSV_MAX_BYTES,
          userId: user.id,
          receive: figuresOfUpload,
        });
        if (!upload) throw csvMissing();
        const { settings, serial, figures } = upload.received;
        const profile = await reports.user(user.id);
        const document = reportDocument({
          settings,
          figures,
          battery: await reports.battery(siteId, serial),
          serial,
          siteName: site.name,
          user: profile ?? { firstName: '', lastName: '', theme: 'default' },
          source: { kind: 'csv', fileName: upload.fileName },
        });
        return sendFile(reply, 'pdf', serial, figures).send(await renderReportPdf(document));
      },
    }),
  );
}

/** Reads the datalog as it arrives, with the settings sent before it (docs/reports.md). */
async function figuresOfUpload(file: UploadedFile, fields: Record<string, string>) {
  if (file.fieldName !== REPORT_CSV_FIELD) throw csvMissing();
  if (Object.keys(fields).length === 0) throw new HttpError(400, 'request.malformedBody', 'errors.reportSettingsFirst');
  const parsed = reportCsvFieldsSchema.safeParse(fields, { reportInput: true });
  if (!parsed.success) throw validationError(parsed.error.issues);
  const { timestampMin, timestampMax, ...settings } = parsed.data;
  const period =
    timestampMin !== undefined && timestampMax !== undefined
      ? { fromMs: timestampMin * 1000, toMs: timestampMax * 1000 }
      : undefined;
  const { serial, figures } = await figuresFromCsv(file.stream, settings, period).catch((error: unknown) => {
    throw error instanceof ReportCsvError ? csvInvalid(error) : error;
  });
  if (figures.toMs - figures.fromMs > REPORT_MAX_DAYS * 86_400_000) {
    throw new HttpError(400, 'reports.invalidCsv', 'errors.reportPeriodTooLong', { n: REPORT_MAX_DAYS });
  }
  return { settings, serial, figures };
}

/** Field errors of the multipart fields, in the one error shape (the error handler translates them). */
function validationError(issues: z.core.$ZodIssue[]) {
  const validation: ValidationItem[] = issues.map((issue) => ({
    instancePath: `/${issue.path.join('/')}`,
    message: issue.message,
    issue,
  }));
  return Object.assign(new Error('invalid report fields'), { validation, validationContext: 'body' });
}
