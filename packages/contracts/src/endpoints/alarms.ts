import { alarmAckBodySchema, alarmParamsSchema, alarmQuerySchema, alarmSchema, alarmsSchema } from '../alarms';
import { endpoint } from '../endpoint';

/** The alarm inbox: a site's alarms, and acknowledging one. */
export const alarmsEndpoints = {
  list: endpoint({ method: 'GET', path: '/Alarm', query: alarmQuerySchema, response: alarmsSchema }),
  acknowledge: endpoint({
    method: 'POST',
    path: '/Alarm/:id/acknowledge',
    params: alarmParamsSchema,
    body: alarmAckBodySchema,
    response: alarmSchema,
  }),
};
