export { AlarmCountButton } from './components/alarm-count-button';
export { DeviceAlarmsSection } from './components/device-alarms-section';
