export { HistorySection } from './components/history-section';
