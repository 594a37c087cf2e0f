import type { AlarmState } from '@cbm/contracts/alarms';
import type { LiveAlarmChange } from '@cbm/contracts/live-stream';

/** Which alarm changed: enough to tell who may see it. */
export interface AlarmRef {
  id: number;
  operatingSiteId: number;
  product: LiveAlarmChange['product'];
}

/** Pushes the alarms' changes to the browsers watching their sites (app.devices.live), after the commit. */
export type OnAlarmsChanged = (changes: LiveAlarmChange[]) => void;

/** The alarms that reached `state`, one change per site and product (who may see them differs by product). */
export function alarmChanges(state: AlarmState, alarms: readonly AlarmRef[]): LiveAlarmChange[] {
  const changes = new Map<string, LiveAlarmChange>();
  for (const { id, operatingSiteId, product } of alarms) {
    const key = `${operatingSiteId}|${product}`;
    const change = changes.get(key) ?? { operatingSiteId, product, state, alarmIds: [] };
    change.alarmIds.push(id);
    changes.set(key, change);
  }
  return [...changes.values()];
}

/** The changes of one storing transaction: the alarms it opened, then those it cleared. */
export const allChanges = (opened: readonly AlarmRef[], cleared: readonly AlarmRef[]): LiveAlarmChange[] => [
  ...alarmChanges('open', opened),
  ...alarmChanges('cleared', cleared),
];
