import { describe, expect, it } from 'vitest';
import { AcknowledgedLedger } from './acknowledged-ledger';

const telemetry = (serial: string, ts: string) => [`cbm/v1/battery/${serial}/telemetry`, { seq: 1, ts }] as const;

describe('AcknowledgedLedger', () => {
  it('counts the batteries’ telemetry, events and the intervals holding telemetry', () => {
    const ledger = new AcknowledgedLedger(60_000);
    for (const second of [0, 10, 50, 60, 70, 130]) {
      ledger.acknowledged(...telemetry('B1', new Date(Date.UTC(2026, 10, 28, 12, 0, second)).toISOString()));
    }
    ledger.acknowledged(...telemetry('B2', '2026-11-28T12:00:30Z'));
    ledger.acknowledged('cbm/v1/battery/B1/event', { seq: 2, ts: '2026-11-28T12:00:05Z' });
    expect(ledger.counts()).toEqual({ telemetry: 7, events: 1, sampleIntervals: 4 });
  });

  it('leaves out what is not a battery’s telemetry or event', () => {
    const ledger = new AcknowledgedLedger(60_000);
    ledger.acknowledged('cbm/v1/battery/B1/status', { online: true, ts: '2026-11-28T12:00:00Z' });
    ledger.acknowledged('cbm/v1/battery/B1/info', {});
    ledger.acknowledged('cbm/v1/charger/C1/telemetry', { seq: 1, ts: '2026-11-28T12:00:00Z' });
    ledger.acknowledged('not/a/topic', {});
    expect(ledger.counts()).toEqual({ telemetry: 0, events: 0, sampleIntervals: 0 });
  });

  it('counts no intervals without a resolution', () => {
    const ledger = new AcknowledgedLedger(0);
    ledger.acknowledged(...telemetry('B1', '2026-11-28T12:00:00Z'));
    expect(ledger.counts()).toEqual({ telemetry: 1, events: 0, sampleIntervals: 0 });
  });
});
