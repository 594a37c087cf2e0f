import type { Reading } from './alarm-conditions';
import { unnamed } from './alarm-devices';
import { type AlarmMail, newAlarm } from './alarm-mails';
import type { NewAlarm, OpenAlarm } from './alarm-repository';
import type { ActiveRule } from './threshold-rule-repository';

/** The steps by their reading's time; a stable sort keeps a device's messages of one instant in arrival order. */
export const inTimeOrder = <Step extends { reading: Reading }>(steps: readonly Step[]): Step[] =>
  [...steps].sort((a, b) => a.reading.ts.getTime() - b.reading.ts.getTime());

/**
 * The alarms of one batch as its readings open and clear them one after the other: an alarm open before the batch
 * is closed at its clearing reading, one opened within the batch carries its clearing time (it is stored cleared),
 * so a backlog sent in one burst leaves the same alarms and mails as the same readings sent one by one.
 */
export class AlarmLifecycle {
  readonly mails: AlarmMail[] = [];
  readonly cleared: { id: number; ts: Date }[] = [];
  /** Per rule and device: the alarm this batch opened and has not cleared yet. */
  private readonly openedHere = new Map<string, NewAlarm>();
  private readonly stillOpen: Set<string>;

  constructor(private readonly openBefore: ReadonlyMap<string, OpenAlarm>) {
    this.stillOpen = new Set(openBefore.keys());
  }

  step(id: string, rule: ActiveRule, action: 'open' | 'clear', value: number, reading: Reading): void {
    const device = unnamed(reading.serialNumber);
    const alarm = newAlarm(rule, device, value, reading.ts);
    this.mails.push({ rule, device, alarm, recovered: action === 'clear' });
    if (action === 'open') {
      this.openedHere.set(id, alarm);
      return;
    }
    const opened = this.openedHere.get(id);
    const before = this.openBefore.get(id);
    if (opened) {
      opened.clearedAt = reading.ts;
      this.openedHere.delete(id);
    } else if (before && this.stillOpen.delete(id)) this.cleared.push({ id: before.id, ts: reading.ts });
  }
}
