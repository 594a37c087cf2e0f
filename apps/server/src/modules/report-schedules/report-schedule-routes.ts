import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { reportsEndpoints } from '@cbm/contracts/endpoints/reports';
import type { ReportScheduleBody } from '@cbm/contracts/report-schedules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, Queryable } from '../../db/database';
import { HttpError } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { REPORT_FEATURE, requireReportAccess } from '../reports/report-access';
import { siteRepository } from '../sites/site-repository';
import { recordScheduleChange } from './report-schedule-audit';
import { reportScheduleRepository } from './report-schedule-repository';

const config = { features: [REPORT_FEATURE] };
const tags = ['reports'];
const scheduleNotFound = (id: number) =>
  new HttpError(404, 'reportSchedules.notFound', 'errors.reportScheduleNotFound', { id });

/** A battery report's serials must be batteries of the site. */
async function requireSerialsAtSite(tx: Queryable, body: ReportScheduleBody) {
  if (body.batterySerials.length === 0) return;
  const found = await tx.query<{ serial: string }>(
    'SELECT serial_number AS serial FROM battery WHERE operating_site_id = $1 AND serial_number = ANY($2::text[])',
    [body.operatingSiteId, body.batterySerials],
  );
  const unknown = body.batterySerials.filter((serial) => !found.some((row) => row.serial === serial));
  if (unknown.length > 0) {
    throw new HttpError(400, 'reportSchedules.unknownSerials', 'errors.reportScheduleUnknownSerials', {
      items: unknown.join(', '),
    });
  }
}

/**
 * GET, POST …/Report/Schedule; PUT, DELETE …/Report/Schedule/{id}: the scheduled reports of a site
 * (decision 043), with the report rule (cbm_report and the site's Report permission); every change is audited.
 */
export async function reportScheduleRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const sites = siteRepository(db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(reportsEndpoints.schedules, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireReportAccess(sites, request, request.query.operatingSiteId);
        return reportScheduleRepository(db).list(request.query.operatingSiteId);
      },
    }),
  );

  api.route(
    fromEndpoint(reportsEndpoints.createSchedule, {
      status: 201,
      config,
      schema: { tags },
      handler: async (request, reply) => {
        const { body } = request;
        const user = await requireReportAccess(sites, request, body.operatingSiteId);
        const schedule = await db.transaction(async (tx) => {
          await requireSerialsAtSite(tx, body);
          const created = await reportScheduleRepository(tx).create(body, user);
          await recordScheduleChange(tx, user, AUDIT_ACTIONS.reportScheduleCreated, created, { next: created });
          return created;
        });
        return reply.code(201).send(schedule);
      },
    }),
  );

  api.route(
    fromEndpoint(reportsEndpoints.updateSchedule, {
      config,
      schema: { tags },
      handler: async (request) => {
        const { body } = request;
        const { id } = request.params;
        const user = await requireReportAccess(sites, request, body.operatingSiteId);
        return db.transaction(async (tx) => {
          const schedules = reportScheduleRepository(tx);
          const previous = await schedules.lock(body.operatingSiteId, id);
          if (!previous) throw scheduleNotFound(id);
          await requireSerialsAtSite(tx, body);
          const updated = await schedules.update(id, body);
          await recordScheduleChange(tx, user, AUDIT_ACTIONS.reportScheduleUpdated, updated, {
            previous,
            next: updated,
          });
          return updated;
        });
      },
    }),
  );

  api.route(
    fromEndpoint(reportsEndpoints.deleteSchedule, {
      config,
      schema: {
        tags,
      },
      handler: async (request) => {
        const siteId = request.query.operatingSiteId;
        const { id } = request.params;
        const user = await requireReportAccess(sites, request, siteId);
        return db.transaction(async (tx) => {
          const schedules = reportScheduleRepository(tx);
          const previous = await schedules.lock(siteId, id);
          if (!previous) throw scheduleNotFound(id);
          await schedules.delete(id);
          await recordScheduleChange(tx, user, AUDIT_ACTIONS.reportScheduleDeleted, previous, { previous });
          return { id };
        });
      },
    }),
  );
}
