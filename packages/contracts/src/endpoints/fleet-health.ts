import { endpoint } from '../endpoint';
import {
  attentionResponseSchema,
  figureBatteriesQuerySchema,
  figureBatteriesResponseSchema,
  fleetHealthQuerySchema,
  fleetHealthResponseSchema,
} from '../fleet-health';

/** The overview's figures over the user's sites, and the batteries behind them. */
export const fleetHealthEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/fleet-health',
    query: fleetHealthQuerySchema,
    response: fleetHealthResponseSchema,
  }),
  attention: endpoint({
    method: 'GET',
    path: '/fleet-health/attention',
    query: fleetHealthQuerySchema,
    response: attentionResponseSchema,
  }),
  figureBatteries: endpoint({
    method: 'GET',
    path: '/fleet-health/batteries',
    query: figureBatteriesQuerySchema,
    response: figureBatteriesResponseSchema,
  }),
};
