import { parseTopic } from '@cbm/contracts/device-protocol';

/** How the simulator's CLI starts the line with the acknowledged counts (JSON) at its stop. */
export const ACKNOWLEDGED_LINE = 'Acknowledged by the broker:';

/** What the broker acknowledged of the batteries' telemetry and events: what a server must store. */
export interface AcknowledgedCounts {
  telemetry: number;
  events: number;
  /**
   * Battery × resolution interval holding acknowledged telemetry: a server at that sample resolution keeps
   * exactly one sample for each (0 without a resolution).
   */
  sampleIntervals: number;
}

interface BatteryTally {
  interval: number;
  intervals: number;
}

/**
 * Counts per battery what the broker acknowledged, at the publisher: a load test's reference for what was
 * published that costs no subscriber at the broker. A device's messages travel one connection, whose QoS 1
 * acknowledgements come in order, so its telemetry's intervals are counted as they change.
 */
export class AcknowledgedLedger {
  private readonly batteries = new Map<string, BatteryTally>();
  private telemetry = 0;
  private events = 0;

  constructor(private readonly resolutionMs: number) {}

  acknowledged(topic: string, payload: unknown): void {
    const parsed = parseTopic(topic);
    if (parsed?.deviceClass !== 'battery') return;
    if (parsed.channel === 'event') this.events++;
    if (parsed.channel !== 'telemetry') return;
    this.telemetry++;
    const { ts } = payload as { ts?: string };
    if (this.resolutionMs <= 0 || ts === undefined) return;
    const interval = Math.floor(Date.parse(ts) / this.resolutionMs);
    const tally = this.batteries.get(parsed.serial);
    if (!tally) this.batteries.set(parsed.serial, { interval, intervals: 1 });
    else if (interval > tally.interval) {
      tally.interval = interval;
      tally.intervals++;
    }
  }

  counts(): AcknowledgedCounts {
    let sampleIntervals = 0;
    for (const tally of this.batteries.values()) sampleIntervals += tally.intervals;
    return { telemetry: this.telemetry, events: this.events, sampleIntervals };
  }
}
