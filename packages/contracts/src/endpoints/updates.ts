import { batteryListSerialParamsSchema, batteryListSiteQuerySchema, softwareInfoSchema } from '../battery-list';
import { endpoint } from '../endpoint';
import {
  updateDownloadParamsSchema,
  updateDownloadQuerySchema,
  updateParamsSchema,
  updateStartResponseSchema,
} from '../update-jobs';

/** Firmware updates of one battery, and the file's download by the battery (public, with the job's token). */
export const updatesEndpoints = {
  start: endpoint({
    method: 'POST',
    path: '/battery/Update/:operatingSiteId/:serial',
    params: updateParamsSchema,
    response: updateStartResponseSchema,
  }),
  softwareInfo: endpoint({
    method: 'GET',
    path: '/battery/Update/:serial',
    params: batteryListSerialParamsSchema,
    query: batteryListSiteQuerySchema,
    response: softwareInfoSchema,
  }),
  download: endpoint({
    method: 'GET',
    path: '/updates/:serial/:jobId/download',
    params: updateDownloadParamsSchema,
    query: updateDownloadQuerySchema,
  }),
};
