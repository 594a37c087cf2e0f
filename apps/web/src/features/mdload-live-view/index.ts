export { useMdloadLiveView } from './api/get-mdload-live-view';
export { ChargerDialog } from './components/charger-dialog';
export { MdloadUnitPanel } from './components/mdload-unit-panel';
export { useMdloadLiveStream } from './hooks/use-mdload-live-stream';
export { useStationActions } from './hooks/use-station-actions';
