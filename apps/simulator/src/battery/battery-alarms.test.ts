import { deviceEventText } from '@cbm/contracts/device-texts';
import { ALARMS } from '@cbm/device-model/battery-alarms';
import { describe, expect, it } from 'vitest';
import { POWER_LIMIT } from '../devices/mdload-sim';
import { REMOTE_DEBUGGING } from './battery-sim';

describe('simulated event texts', () => {
  it('are in the device-text catalogue, in English as the devices send them', () => {
    for (const event of [...ALARMS.values(), REMOTE_DEBUGGING, POWER_LIMIT]) {
      expect(deviceEventText('en', event), event.code).toEqual(event);
      expect(deviceEventText('de', event).description, event.code).not.toBe(event.description);
    }
  });
});
