import type { EventProduct } from '@cbm/contracts/events';
import type { Feature } from '@cbm/contracts/features';

// The addresses of pages that other pages link to, here so that a feature links to another without importing it.

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

/** The site's alarm inbox (route `alarms` of the site); without a site, the inbox across the user's sites. */
export const alarmInboxPath = (siteId?: number) => (siteId === undefined ? '/alarms' : `/${siteId}/alarms`);

/** The page of one firmware campaign (decision 038); the battery list and the battery page link here. */
export const campaignPagePath = (siteId: number, campaignId: number) => `/${siteId}/campaigns/${campaignId}`;

/** The alerts page's query parameter that opens its form prefilled with a rule for every error at the site. */
export const ERROR_RULE_PARAM = 'newRule';
export const errorRuleFormPath = (siteId: number) => `/${siteId}/alerts?${ERROR_RULE_PARAM}=error`;
