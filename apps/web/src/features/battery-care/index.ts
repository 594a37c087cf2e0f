export { LifecycleSection } from './components/lifecycle-section';
