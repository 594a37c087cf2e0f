import type { EventProduct } from '@cbm/contracts/events';
import type { Feature } from '@cbm/contracts/features';

/** Who may open a battery's page: its header reads the live view's endpoint. */
export const BATTERY_PAGE_FEATURE: Feature = 'cbm_liveview';

/** The page of one battery (decision 041); live-view cards, list rows, event serials and the search link here. */
export const batteryPagePath = (siteId: number, serial: string) => `/${siteId}/batteries/${encodeURIComponent(serial)}`;

/** The page of one charger-station unit (decision 041). */
export const unitPagePath = (siteId: number, mdLoadSerial: string) =>
  `/${siteId}/mdload/units/${encodeURIComponent(mdLoadSerial)}`;

/** The page of the device an event names, by the event's product. */
export const devicePagePath = (product: EventProduct, siteId: number, serial: string) =>
  product === 'battery' ? batteryPagePath(siteId, serial) : unitPagePath(siteId, serial);
