export { getClientSettingsQuery, useClientSettings } from './api/get-client-settings';
export { useSiteHealth } from './api/get-fleet-health';
export { DEFAULT_VIEW, useLeafletMap } from './hooks/use-leaflet-map';
