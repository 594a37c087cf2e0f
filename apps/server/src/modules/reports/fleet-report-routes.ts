import { reportsEndpoints } from '@cbm/contracts/endpoints/reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { siteNotFound } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import type { MailAttachment } from '../mail/mail-transport';
import { siteRepository } from '../sites/site-repository';
import { periodReportData, periodReportFiles } from './period-report-files';
import { REPORT_FEATURE, requireReportAccess } from './report-access';
import { localPeriod } from './report-local-date';
import { reportRepository } from './report-repository';

const config = { features: [REPORT_FEATURE] };

/**
 * The fleet report on demand: the PDF the scheduled mail sends (period-report-files.ts), of any period of the
 * site's local dates, with the access the scheduled report's data needs (cbm_report and the site's Report rule).
 */
export async function fleetReportRoutes(app: FastifyInstance, options: { db: Database }) {
  const sites = siteRepository(options.db);
  const reports = reportRepository(options.db);
  app.withTypeProvider<ZodTypeProvider>().route(
    fromEndpoint(reportsEndpoints.fleetPdf, {
      config,
      schema: {
        tags: ['reports'],
        summary: "The site's fleet report of the local dates firstDate to lastDate (inclusive), as a PDF",
        response: { 200: z.any().describe('application/pdf') },
      },
      handler: async (request, reply) => {
        const { operatingSiteId, firstDate, lastDate } = request.query;
        const user = await requireReportAccess(sites, request, operatingSiteId);
        const site = await reports.site(operatingSiteId);
        if (!site) throw siteNotFound(operatingSiteId);
        const data = await periodReportData(options.db, {
          operatingSiteId,
          kind: 'fleet',
          batterySerials: [],
          createdById: user.id,
          createdBy: user.email,
          period: localPeriod(firstDate, lastDate, site.timezone),
        });
        if (!data) throw siteNotFound(operatingSiteId);
        const [file] = (await periodReportFiles(data, request.language)) as [MailAttachment];
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .send(file.content);
      },
    }),
  );
}
