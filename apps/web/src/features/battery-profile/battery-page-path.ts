/** The page of one battery (its profile, route expert/profile/:serialNumber; needs cbm_view). */
export const batteryPagePath = (siteId: number, serial: string) =>
  `/${siteId}/expert/profile/${encodeURIComponent(serial)}`;

export const BATTERY_PAGE_FEATURE = 'cbm_view';
