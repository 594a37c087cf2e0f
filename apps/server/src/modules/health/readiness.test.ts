import type { BrokerMetrics } from '@cbm/contracts/ingest-metrics';
import { describe, expect, it } from 'vitest';
import { brokerCheck } from './readiness';

const status = (overrides: Partial<BrokerMetrics>): BrokerMetrics => ({
  kind: 'external',
  connected: true,
  subscribed: true,
  reconnects: 0,
  lastConnectedAt: null,
  ...overrides,
});

describe('brokerCheck', () => {
  const ingesting = { ingest: true, external: true };
  it('wants an ingesting process subscribed at its external broker', () => {
    expect(brokerCheck(status({}), ingesting)).toBe('ok');
    expect(brokerCheck(status({ subscribed: false }), ingesting)).toBe('connected but not subscribed');
    expect(brokerCheck(status({ connected: false, subscribed: false }), ingesting)).toBe('not connected');
  });

  it('wants an API replica with MQTT_URL connected, not subscribed', () => {
    expect(brokerCheck(status({ subscribed: false }), { ingest: false, external: true })).toBe('ok');
  });

  it('needs no broker without ingestion or MQTT_URL, and one that has started otherwise', () => {
    const none = status({ kind: 'none', connected: false, subscribed: false });
    expect(brokerCheck(none, { ingest: false, external: false })).toBe('ok');
    expect(brokerCheck(none, { ingest: true, external: false })).toBe('not started');
  });
});
