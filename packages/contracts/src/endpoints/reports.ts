import { deletedIdSchema, endpoint } from '../endpoint';
import {
  reportScheduleBodySchema,
  reportScheduleParamsSchema,
  reportScheduleQuerySchema,
  reportScheduleSchema,
  reportSchedulesSchema,
} from '../report-schedules';
import {
  fleetReportQuerySchema,
  reportBatteriesSchema,
  reportDefaultsSchema,
  reportQuerySchema,
  reportSerialParamsSchema,
  reportSiteQuerySchema,
} from '../reports';

/** Battery reports (PDF, CSV, PDF from CSV), the fleet report and report schedules. */
export const reportsEndpoints = {
  batteries: endpoint({
    method: 'GET',
    path: '/battery/Report/filter/batteries',
    query: reportSiteQuerySchema,
    response: reportBatteriesSchema,
  }),
  siteDefaults: endpoint({
    method: 'GET',
    path: '/battery/Report/filter/defaults',
    query: reportSiteQuerySchema,
    response: reportDefaultsSchema,
  }),
  batteryDefaults: endpoint({
    method: 'GET',
    path: '/battery/Report/:serial/defaults',
    params: reportSerialParamsSchema,
    query: reportSiteQuerySchema,
    response: reportDefaultsSchema,
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/battery/Report/:serial/pdf',
    params: reportSerialParamsSchema,
    query: reportQuerySchema,
  }),
  csv: endpoint({
    method: 'GET',
    path: '/battery/Report/:serial/csv',
    params: reportSerialParamsSchema,
    query: reportQuerySchema,
  }),
  pdfFromCsv: endpoint({ method: 'POST', path: '/battery/Report/pdfFromCsv', query: reportSiteQuerySchema }),
  fleetPdf: endpoint({ method: 'GET', path: '/battery/FleetReport/pdf', query: fleetReportQuerySchema }),
  schedules: endpoint({
    method: 'GET',
    path: '/battery/Report/Schedule',
    query: reportScheduleQuerySchema,
    response: reportSchedulesSchema,
  }),
  createSchedule: endpoint({
    method: 'POST',
    path: '/battery/Report/Schedule',
    body: reportScheduleBodySchema,
    response: reportScheduleSchema,
  }),
  updateSchedule: endpoint({
    method: 'PUT',
    path: '/battery/Report/Schedule/:id',
    params: reportScheduleParamsSchema,
    body: reportScheduleBodySchema,
    response: reportScheduleSchema,
  }),
  deleteSchedule: endpoint({
    method: 'DELETE',
    path: '/battery/Report/Schedule/:id',
    params: reportScheduleParamsSchema,
    query: reportScheduleQuerySchema,
    response: deletedIdSchema,
  }),
};
