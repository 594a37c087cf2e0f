export { eventValueText } from './components/event-value';
