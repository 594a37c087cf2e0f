/** The site's alarm inbox (route `alarms` of the site); without a site, the inbox across the user's sites. */
export const alarmInboxPath = (siteId?: number) => (siteId === undefined ? '/alarms' : `/${siteId}/alarms`);
