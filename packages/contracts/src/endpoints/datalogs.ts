import { profileParamsSchema } from '../battery-profile';
import {
  datalogBatteriesSchema,
  datalogIdParamsSchema,
  datalogListSchema,
  datalogSchema,
  datalogSiteQuerySchema,
  datalogUploadParamsSchema,
  datalogUploadQuerySchema,
} from '../datalogs';
import { endpoint } from '../endpoint';

/** Datalogs: asked of a battery, uploaded by it (public, with the link's token) and downloaded. */
export const datalogsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/battery/Datalog',
    query: datalogSiteQuerySchema,
    response: datalogListSchema,
  }),
  batteries: endpoint({
    method: 'GET',
    path: '/battery/Datalog/filters/batteries',
    query: datalogSiteQuerySchema,
    response: datalogBatteriesSchema,
  }),
  request: endpoint({
    method: 'POST',
    path: '/battery/Datalog/:serial',
    params: profileParamsSchema,
    query: datalogSiteQuerySchema,
    response: datalogSchema,
  }),
  download: endpoint({
    method: 'GET',
    path: '/battery/Datalog/:id/download',
    params: datalogIdParamsSchema,
    query: datalogSiteQuerySchema,
  }),
  upload: endpoint({
    method: 'PUT',
    path: '/datalogs/:serial/:id/upload',
    params: datalogUploadParamsSchema,
    query: datalogUploadQuerySchema,
  }),
};
