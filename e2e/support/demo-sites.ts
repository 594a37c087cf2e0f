/** The demo's operating sites with their path in the site tree (apps/server/src/demo/demo-sites.ts). */
export const NORDLICHT_SITES = {
  'Hamburg Hafen': 'Nordlicht Logistik GmbH > Region Nord',
  'Bremen GVZ': 'Nordlicht Logistik GmbH > Region Nord',
  'München Riem': 'Nordlicht Logistik GmbH > Region Süd',
  'Stuttgart Hafen': 'Nordlicht Logistik GmbH > Region Süd',
} as const;

export const OTHER_SITES = {
  'Wien Süd': 'Alpen Intralogistik AG > Österreich',
  'Linz Hafen': 'Alpen Intralogistik AG > Österreich',
  'Zürich Altstetten': 'Alpen Intralogistik AG > Schweiz',
  'Göteborg Hamn': 'Baltic & Atlantic Warehousing Ltd > Nordics & Poland',
  'Poznań Logistics Park': 'Baltic & Atlantic Warehousing Ltd > Nordics & Poland',
  'Birmingham Central': 'Baltic & Atlantic Warehousing Ltd > United Kingdom',
} as const;

export const ALL_SITES = { ...NORDLICHT_SITES, ...OTHER_SITES };
export type SiteName = keyof typeof ALL_SITES;
