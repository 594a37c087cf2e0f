import { describe, expect, it } from 'vitest';
import { CATALOGUED_CODES, codesWhoseText, deviceEventText } from './device-texts';

const lowSoc = { code: 'W201', description: 'Low state of charge', category: 'SOC' };

describe('device event texts', () => {
  it('reads a known code in English and in German', () => {
    expect(deviceEventText('en', lowSoc)).toEqual(lowSoc);
    expect(deviceEventText('de', lowSoc)).toEqual({
      code: 'W201',
      description: 'Niedriger Ladezustand',
      category: 'Ladezustand',
    });
  });

  it("keeps the device's own text for a code not in the catalogue", () => {
    const unknown = { code: 'X999', description: 'Vendor specific fault', category: null };
    expect(deviceEventText('de', unknown)).toEqual(unknown);
    expect(deviceEventText('de', { ...unknown, code: 'toString' })).toEqual({ ...unknown, code: 'toString' });
  });

  it('keeps the other fields of the event', () => {
    expect(deviceEventText('de', { ...lowSoc, active: true })).toMatchObject({ active: true, code: 'W201' });
  });

  it('finds the codes whose text in the language contains a part, ignoring case', () => {
    expect(codesWhoseText('de', 'description', 'LADEZUSTAND')).toEqual(['L301', 'W201']);
    expect(codesWhoseText('en', 'category', 'temp')).toEqual(['E101', 'W105']);
    expect(codesWhoseText('de', 'description', 'state of charge')).toEqual([]);
    expect(CATALOGUED_CODES).toContain('W201');
  });
});
