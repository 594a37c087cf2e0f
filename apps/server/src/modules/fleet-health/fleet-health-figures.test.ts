import { healthFigures } from '@cbm/contracts/fleet-health';
import { describe, expect, it } from 'vitest';
import { totalOf } from './fleet-health-figures';

const site = (figures: Partial<ReturnType<typeof healthFigures>>) => ({
  ...healthFigures([], '2026-11-27'),
  ...figures,
});
const stations = { units: 2, charging: 1, standby: 0, offline: 1, error: 0 };

describe('fleet health totals', () => {
  it('sums every figure, and licences, alarms and charger stations only where they are counted', () => {
    const total = totalOf([
      site({ batteries: 3, standby: 3, activeAlarms: 2, stations }),
      site({ batteries: 1, error: 1, licencesExpiring: 1, activeAlarms: 0 }),
      site({ batteries: 2, charging: 2, stations: { ...stations, error: 1, units: 3 } }),
    ]);
    expect(total).toMatchObject({ batteries: 6, standby: 3, error: 1, charging: 2, licencesExpiring: 1 });
    expect(total.activeAlarms).toBe(2);
    expect(total.stations).toEqual({ units: 5, charging: 2, standby: 0, offline: 2, error: 1 });
  });

  it('leaves licences, alarms and charger stations null where no site counts them', () => {
    expect(totalOf([site({ batteries: 1, standby: 1 })])).toMatchObject({
      licencesExpiring: null,
      activeAlarms: null,
      stations: null,
    });
    expect(totalOf([]).batteries).toBe(0);
  });
});
