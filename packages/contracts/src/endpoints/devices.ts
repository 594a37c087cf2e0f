import { endpoint } from '../endpoint';
import { metricsQuerySchema, serverMetricsSchema } from '../ingest-metrics';

/** The device side's own calls: ingest metrics, and RabbitMQ's questions about devices (public, HTTP Basic). */
export const devicesEndpoints = {
  metrics: endpoint({ method: 'GET', path: '/metrics', query: metricsQuerySchema, response: serverMetricsSchema }),
  brokerAuthUser: endpoint({ method: 'POST', path: '/broker-auth/user' }),
  brokerAuthVhost: endpoint({ method: 'POST', path: '/broker-auth/vhost' }),
  brokerAuthResource: endpoint({ method: 'POST', path: '/broker-auth/resource' }),
  brokerAuthTopic: endpoint({ method: 'POST', path: '/broker-auth/topic' }),
};
