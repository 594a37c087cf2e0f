import { describe, expect, it } from 'vitest';
import { BENCH_FIRMWARE_TIMING, downloadFinished, isReplaceable, startFirmwareJob } from '../commands/firmware-job';
import { advanceBattery, batteryTelemetry, createBatterySim } from './battery-sim';
import { chargerPool } from './charging-points';

const NOW = Date.parse('2025-06-02T10:00:00+02:00');
const ID = '5a4f7f1e-2c1d-4c53-9a53-2f3f9b0c0a11';

describe('a battery on the workshop bench', () => {
  const bench = () =>
    createBatterySim(
      {
        serialNumber: '2000030',
        timezone: 'Europe/Berlin',
        batteryType: 'L80-930',
        capacityAh: 930,
        nominalVoltage: 83.2,
        bench: true,
      },
      NOW,
      1,
    );

  it('stands by during a working day', () => {
    const sim = bench();
    const pool = chargerPool([]);
    const states = new Set<string>();
    for (let t = NOW; t <= NOW + 8 * 3_600_000; t += 60_000) {
      advanceBattery(sim, t, pool, BENCH_FIRMWARE_TIMING);
      states.add(batteryTelemetry(sim).state);
    }
    expect(states).toEqual(new Set(['standby']));
  });

  it('walks a firmware update through every status within seconds: standby, install, discharge test, standby', () => {
    const sim = bench();
    const pool = chargerPool([]);
    sim.firmware = downloadFinished(startFirmwareJob(ID, 1, NOW).job, NOW + 500, null).job;
    const statuses: string[] = [];
    const states: string[] = [];
    for (let t = NOW + 1000; t <= NOW + 30_000 && sim.firmware?.phase !== 'finished'; t += 1000) {
      statuses.push(...advanceBattery(sim, t, pool, BENCH_FIRMWARE_TIMING).jobUpdates.map((u) => u.jobStatus));
      states.push(batteryTelemetry(sim).state);
    }
    expect(statuses).toEqual([
      'started',
      'in progress',
      'in progress',
      'in progress',
      'in progress',
      'executed',
      'successfully finished',
    ]);
    expect(states).toContain('discharging');
    expect(states.at(-1)).toBe('standby');
  });

  it('lets a newer command replace a job only before it writes the BMS', () => {
    const downloading = startFirmwareJob(ID, 1, NOW).job;
    expect(isReplaceable(null)).toBe(true);
    expect(isReplaceable(downloading)).toBe(true);
    expect(isReplaceable({ ...downloading, phase: 'installing' })).toBe(false);
    expect(isReplaceable({ ...downloading, phase: 'waitingForDischarge' })).toBe(false);
    expect(isReplaceable({ ...downloading, phase: 'finished' })).toBe(true);
  });
});
