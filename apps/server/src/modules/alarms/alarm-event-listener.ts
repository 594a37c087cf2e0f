import { matchAlertEvents } from '../alerts/alert-match-service';
import type { EventListener } from '../device-ingestion/event-listener';
import { allChanges, type OnAlarmsChanged } from './alarm-changes';
import { alarmRepository, type NewAlarm } from './alarm-repository';

/**
 * Every event rule that fires opens an alarm (one per rule, device and code while open); the device's
 * clearing event of that code closes it (decision 040). In the storing transaction, like the alert mails; the
 * changes reach the browsers after the commit (decision 044).
 */
export function alarmEventListener(onChanged: OnAlarmsChanged): EventListener {
  return async (tx, records) => {
    const alarms = alarmRepository(tx);
    const matches = await matchAlertEvents(tx, records);
    const opened: NewAlarm[] = [...matches].flatMap(([rule, events]) =>
      events.map((event) => ({
        alertId: rule.id,
        ruleName: rule.name,
        kind: 'event' as const,
        product: rule.product,
        operatingSiteId: event.operatingSiteId,
        serialNumber: event.serialNumber,
        deviceName: event.deviceName,
        type: event.type,
        code: event.code,
        description: event.description,
        condition: null,
        value: null,
        openedAt: new Date(event.ts),
      })),
    );
    const created = await alarms.open(opened);
    const cleared = records.filter(
      (record) => record.deviceClass !== 'charger' && record.event.type !== 'info' && !record.event.active,
    );
    const closed = await alarms.clearEvents(
      cleared.map((record) => ({ serialNumber: record.serialNumber, code: record.event.code, ts: record.ts })),
    );
    const changes = allChanges(created, closed);
    return changes.length > 0 ? () => onChanged(changes) : undefined;
  };
}
