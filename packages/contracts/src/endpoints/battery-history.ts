import {
  batteryHistorySchema,
  batteryTimelineSchema,
  historyQuerySchema,
  historyRangeQuerySchema,
} from '../battery-history';
import { profileParamsSchema } from '../battery-profile';
import { endpoint } from '../endpoint';

/** A battery's history and its timeline. */
export const batteryHistoryEndpoints = {
  history: endpoint({
    method: 'GET',
    path: '/battery/History/:serial',
    params: profileParamsSchema,
    query: historyQuerySchema,
    response: batteryHistorySchema,
  }),
  timeline: endpoint({
    method: 'GET',
    path: '/battery/History/:serial/timeline',
    params: profileParamsSchema,
    query: historyRangeQuerySchema,
    response: batteryTimelineSchema,
  }),
};
