let current: string | undefined;

/** The site id (URL segment) the user works in now; set by the navigation guard. */
export const getCurrentSiteId = () => current;

export function setCurrentSiteId(siteId: string) {
  current = siteId;
}
