import type { Alert } from '@cbm/contracts/alerts';
import { describe, expect, it } from 'vitest';
import { removeAlert, upsertAlert } from './alert-list';

const alert = (id: number, name = `Alert ${id}`): Alert => ({
  id,
  operatingSiteId: 4,
  name,
  active: true,
  alertOnError: true,
  alertOnWarning: false,
  alertOnLimit: false,
  groupId: ['ungrouped'],
  batteryTypes: ['LFP 48V'],
  batterySerials: [],
  emails: ['ops@example.com'],
});

describe('alert list (state rules)', () => {
  it('replaces a saved alert by id, keeping its place', () => {
    expect(upsertAlert([alert(1), alert(2), alert(3)], alert(2, 'Renamed')).map((item) => item.name)).toEqual([
      'Alert 1',
      'Renamed',
      'Alert 3',
    ]);
  });

  it('appends a new one', () => {
    expect(upsertAlert([alert(1)], alert(7)).map((item) => item.id)).toEqual([1, 7]);
    expect(upsertAlert(undefined, alert(7)).map((item) => item.id)).toEqual([7]);
  });

  it('removes by id', () => {
    expect(removeAlert([alert(1), alert(2)], 1).map((item) => item.id)).toEqual([2]);
    expect(removeAlert([alert(1)], 9)).toHaveLength(1);
  });
});
