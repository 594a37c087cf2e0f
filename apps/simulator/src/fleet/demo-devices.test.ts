import { describe, expect, it } from 'vitest';
import { type DemoFleetInput, fleetDevicesFromDemo } from './demo-devices';

const MODELS = [{ type: 'LFP 48-620', capacityAh: 620, nominalVoltage: 48 }];

const model = { batteryType: 'LFP 48-620', capacityAh: 620, nominalVoltage: 48 };
const fleet: DemoFleetInput = {
  batteries: [
    { serialNumber: '2000001', siteId: 1, ...model },
    { serialNumber: '2000002', siteId: 2, ...model, iotModuleOff: true },
    { serialNumber: '2000003', siteId: 2, ...model, iotModuleOff: false },
  ],
  chargers: [],
  mdloadUnits: [],
};

describe('fleetDevicesFromDemo', () => {
  const devices = fleetDevicesFromDemo(fleet, (siteId) => (siteId === 1 ? 'Europe/Berlin' : 'Europe/Vienna'), MODELS);

  it('leaves a battery whose IoT module is switched off silent', () => {
    expect(devices.batteries.map((battery) => battery.serialNumber)).toEqual(['2000001', '2000003']);
  });

  it('gives each simulated battery its site’s time zone and nothing of the demo’s bookkeeping', () => {
    expect(devices.batteries).toEqual([
      { serialNumber: '2000001', ...model, timezone: 'Europe/Berlin' },
      { serialNumber: '2000003', ...model, timezone: 'Europe/Vienna' },
    ]);
  });
});
