import { type DeviceEvent, type MdloadTelemetry, mdloadTelemetrySchema } from '@cbm/contracts/device-protocol';
import { describe, expect, it } from 'vitest';
import { advanceMdload, createMdloadSim, mdloadTelemetry } from './mdload-sim';

const MONDAY = Date.parse('2025-06-02T00:00:00+02:00');

describe('charger-station unit', () => {
  const sim = createMdloadSim(
    {
      mdloadSerial: 'MDL-0001',
      timezone: 'Europe/Berlin',
      maxPowerKw: 25,
      stations: [1, 2, 3, 4, 5, 6].map((n) => ({
        serialNumber: `MDL-0001-S${n}`,
        capacityAh: 620,
        nominalVoltage: 51.2,
      })),
    },
    MONDAY,
    1,
  );
  const samples: MdloadTelemetry[] = [];
  const events: DeviceEvent[] = [];
  for (let t = MONDAY + 60_000; t <= MONDAY + 2 * 86_400_000; t += 60_000) {
    events.push(...advanceMdload(sim, t));
    samples.push(mdloadTelemetry(sim));
  }

  it('reports schema-valid unit and station power within the unit limit', () => {
    expect(samples.filter((sample) => !mdloadTelemetrySchema.safeParse(sample).success)).toEqual([]);
    const over = samples.filter((sample) => sample.stations.reduce((sum, station) => sum + station.powerKw, 0) > 25.5);
    expect(over).toEqual([]);
    expect(samples.some((sample) => sample.stations.some((station) => station.state === 'charging'))).toBe(true);
    expect(samples.some((sample) => sample.stations.every((station) => station.state === 'idle'))).toBe(true);
  });

  it('meters energy monotonically, in step with the power it reports', () => {
    let integrated = 0;
    samples.forEach((sample, index) => {
      const previous = samples[index - 1];
      if (previous) integrated += (sample.powerKw * 60_000) / 3_600_000;
    });
    const first = samples[0]?.totalEnergyKwh ?? 0;
    const last = samples.at(-1)?.totalEnergyKwh ?? 0;
    expect(
      samples.every(
        (sample, index) => index === 0 || sample.totalEnergyKwh >= (samples[index - 1]?.totalEnergyKwh ?? 0),
      ),
    ).toBe(true);
    expect(Math.abs(last - first - integrated) / integrated).toBeLessThan(0.05);
  });

  it('warns while the power limit throttles the stations, and clears the warning', () => {
    expect(events.map((event) => event.active).slice(0, 2)).toEqual([true, false]);
    expect(events.every((event) => event.code === 'M201')).toBe(true);
  });
});
