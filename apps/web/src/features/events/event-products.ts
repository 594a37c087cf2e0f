import type { EventProduct } from '@cbm/contracts/events';

/** Where each product's event calls live (API calls) and what its screen names; the components are the same. */
export interface EventProductConfig {
  product: EventProduct;
  titleKey: string;
}

export const BATTERY_EVENTS: EventProductConfig = {
  product: 'battery',
  titleKey: 'menu.filterView',
};

export const MDLOAD_EVENTS: EventProductConfig = {
  product: 'mdload',
  titleKey: 'menu.chargerStationEvents',
};
