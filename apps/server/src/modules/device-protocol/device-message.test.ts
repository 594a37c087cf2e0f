import { describe, expect, it } from 'vitest';
import { json, telemetry } from '../../../test/mqtt-devices';
import { parseDeviceMessage } from './device-message';

const receivedAt = new Date('2026-11-21T10:00:00Z');
const parse = (topic: string, payload: unknown) =>
  parseDeviceMessage({
    topic,
    payload: Buffer.isBuffer(payload) ? payload : Buffer.from(typeof payload === 'string' ? payload : json(payload)),
    receivedAt,
  });
const reasonOf = (topic: string, payload: unknown) => {
  const result = parse(topic, payload);
  return 'rejection' in result ? result.rejection.reason : 'ok';
};

describe('parsing a device message', () => {
  it('takes the time from the payload, or the arrival for a last will', () => {
    const result = parse('cbm/v1/battery/B1/telemetry', telemetry(3, new Date('2026-11-21T09:59:00Z')));
    expect(result).toMatchObject({
      message: { deviceClass: 'battery', kind: 'telemetry', serial: 'B1', ts: new Date('2026-11-21T09:59:00Z') },
    });
    expect(parse('cbm/v1/mdload/M1/status', { online: false })).toMatchObject({
      message: { kind: 'status', ts: receivedAt },
    });
  });

  it.each([
    ['cbm/v1/battery/B1/cmd', {}, 'invalid-topic'],
    ['cbm/v1/charger/C1/info', {}, 'invalid-topic'],
    ['somewhere/else', {}, 'invalid-topic'],
    ['cbm/v1/battery/B1/telemetry', Buffer.alloc(70_000, 32), 'too-large'],
    ['cbm/v1/battery/B1/telemetry', '{"seq":', 'invalid-json'],
    ['cbm/v1/battery/B1/telemetry', { seq: 1 }, 'invalid-payload'],
    ['cbm/v1/battery/B1/event', telemetry(1, receivedAt), 'invalid-payload'],
    ['cbm/v1/battery/B1/telemetry', telemetry(1, new Date('2025-01-01T00:00:00Z')), 'timestamp-out-of-range'],
    ['cbm/v1/battery/B1/telemetry', telemetry(1, new Date('2026-11-21T10:11:00Z')), 'timestamp-out-of-range'],
    ['cbm/v1/battery/B1/telemetry', telemetry(1, new Date('2026-11-21T10:09:00Z')), 'ok'],
  ])('%s with %s: %s', (topic, payload, reason) => {
    expect(reasonOf(topic, payload)).toBe(reason);
  });

  it('names the device a rejected message claimed to come from', () => {
    expect(parse('cbm/v1/charger/C-7/telemetry', 'nope')).toEqual({
      rejection: { reason: 'invalid-json', serial: 'C-7', detail: 'payload is not JSON' },
    });
  });
});
