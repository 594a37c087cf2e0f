import { AlarmInbox } from './alarm-inbox';

/** Alarm inbox across sites (route `/alarms`): the alarms of every site the user may see. */
export default function AllAlarmsPage() {
  return <AlarmInbox />;
}
