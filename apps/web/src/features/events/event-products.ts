import type { EventProduct } from '@cbm/contracts/events';

/** Where each product's event calls live (API calls) and what its screen names; the components are the same. */
export interface EventProductConfig {
  product: EventProduct;
  eventsPath: string;
  filtersPath: string;
  titleKey: string;
}

export const BATTERY_EVENTS: EventProductConfig = {
  product: 'battery',
  eventsPath: '/battery/Events',
  filtersPath: '/battery/Filters',
  titleKey: 'menu.filterView',
};

export const MDLOAD_EVENTS: EventProductConfig = {
  product: 'mdload',
  eventsPath: '/mdload/MdloadEvents',
  filtersPath: '/mdload/MdloadEventsFilter',
  titleKey: 'menu.chargerStationEvents',
};
