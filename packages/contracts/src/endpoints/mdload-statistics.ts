import { endpoint } from '../endpoint';
import {
  mdloadAvailableTimeQuerySchema,
  mdloadAvailableTimeSchema,
  mdloadConsumptionSchema,
  mdloadPowerSchema,
  mdloadStartSocSchema,
  mdloadStatisticQuerySchema,
} from '../mdload-statistics';

/** Charger-station statistics. */
export const mdloadStatisticsEndpoints = {
  availableTime: endpoint({
    method: 'GET',
    path: '/mdload/MdLoadStatistic/availableTime',
    query: mdloadAvailableTimeQuerySchema,
    response: mdloadAvailableTimeSchema,
  }),
  consumption: endpoint({
    method: 'GET',
    path: '/mdload/MdLoadStatistic/consumption',
    query: mdloadStatisticQuerySchema,
    response: mdloadConsumptionSchema,
  }),
  power: endpoint({
    method: 'GET',
    path: '/mdload/MdLoadStatistic/power',
    query: mdloadStatisticQuerySchema,
    response: mdloadPowerSchema,
  }),
  startSoc: endpoint({
    method: 'GET',
    path: '/mdload/MdLoadStatistic/startsoc',
    query: mdloadStatisticQuerySchema,
    response: mdloadStartSocSchema,
  }),
};
