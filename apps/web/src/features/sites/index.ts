export { siteTreeQuery, useOperatingSites, useSiteTimeZone } from './api/get-site-tree';
export { useSitesWithFeature } from './api/get-sites-with-feature';
export { getCurrentSiteId, setCurrentSiteId } from './current-site';
export { useClockZone } from './use-clock-zone';
export { useOptionalSiteId, useSiteId } from './use-site-id';
export { useTimeZoneChoice } from './use-time-zone-choice';
