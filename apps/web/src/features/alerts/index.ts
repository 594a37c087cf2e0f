export { AlertNotifications } from './components/alert-notifications';
export { loadAlerts } from './load-alerts';
