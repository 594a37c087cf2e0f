import { describe, expect, it } from 'vitest';
import { statusesMatching } from './live-view-search';

describe('statusesMatching', () => {
  it('finds states by the start of their English or German label', () => {
    expect(statusesMatching('offline')).toEqual(['offline']);
    expect(statusesMatching('Fehler')).toEqual(['error']);
    expect(statusesMatching('ERR')).toEqual(['error']);
    expect(statusesMatching('entl')).toEqual(['discharging']);
    expect(statusesMatching('not con')).toEqual(['not connected']);
  });

  it('leaves short texts and names to the name search', () => {
    expect(statusesMatching('ha')).toEqual([]);
    expect(statusesMatching('Stapler 12')).toEqual([]);
    expect(statusesMatching(undefined)).toEqual([]);
  });
});
