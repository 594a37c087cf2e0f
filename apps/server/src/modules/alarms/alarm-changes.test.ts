import { describe, expect, it } from 'vitest';
import { alarmChanges, allChanges } from './alarm-changes';

describe('alarm changes', () => {
  it('groups the alarms by site and product, so each goes only to who may see that product', () => {
    expect(
      alarmChanges('open', [
        { id: 1, operatingSiteId: 10, product: 'battery' },
        { id: 2, operatingSiteId: 10, product: 'mdload' },
        { id: 3, operatingSiteId: 11, product: 'battery' },
        { id: 4, operatingSiteId: 10, product: 'battery' },
      ]),
    ).toEqual([
      { operatingSiteId: 10, product: 'battery', state: 'open', alarmIds: [1, 4] },
      { operatingSiteId: 10, product: 'mdload', state: 'open', alarmIds: [2] },
      { operatingSiteId: 11, product: 'battery', state: 'open', alarmIds: [3] },
    ]);
  });

  it('answers nothing when nothing changed, opened before cleared otherwise', () => {
    expect(allChanges([], [])).toEqual([]);
    const alarm = { id: 5, operatingSiteId: 1, product: 'battery' } as const;
    expect(allChanges([alarm], [alarm]).map((change) => change.state)).toEqual(['open', 'cleared']);
  });
});
