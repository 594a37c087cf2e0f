import { endpoint } from '../endpoint';
import { metricsQuerySchema, serverMetricsSchema } from '../ingest-metrics';

export const devicesEndpoints = {
  metrics: endpoint({ method: 'GET', path: '/metrics', query: metricsQuerySchema, response: serverMetricsSchema }),
  brokerAuthUser: endpoint({ method: 'POST', path: '/broker-auth/user' }),
  brokerAuthVhost: endpoint({ method: 'POST', path: '/broker-auth/vhost' }),
  brokerAuthResource: endpoint({ method: 'POST', path: '/broker-auth/resource' }),
  brokerAuthTopic: endpoint({ method: 'POST', path: '/broker-auth/topic' }),
};
