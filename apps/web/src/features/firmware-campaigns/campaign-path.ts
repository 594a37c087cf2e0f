/** The page of one firmware campaign (decision 038); the battery list and the battery page link here. */
export const campaignPagePath = (siteId: number, campaignId: number) => `/${siteId}/campaigns/${campaignId}`;
