/**
 * What a replacement LFP traction pack costs per kWh of nominal energy, by the site's currency (one rounded market
 * figure of 2026, about 320 EUR), so the demo's replacement plan has prices.
 */
export const DEMO_BATTERY_PRICE_PER_KWH: Readonly<Record<string, number>> = {
  EUR: 320,
  CHF: 300,
  GBP: 275,
  PLN: 1380,
  SEK: 3650,
};

/** The demo's site tree: three organisations, ten operating sites in six countries. */
export interface DemoSite {
  name: string;
  latitude: number;
  longitude: number;
  timezone: string;
  currency: string;
  pricePerKwh: number;
}

export interface DemoOrganization {
  name: string;
  regions: readonly { name: string; sites: readonly DemoSite[] }[];
}

const organizations = [
  {
    name: 'Nordlicht Logistik GmbH',
    regions: [
      {
        name: 'Region Nord',
        sites: [
          {
            name: 'Hamburg Hafen',
            latitude: 53.5461,
            longitude: 9.9661,
            timezone: 'Europe/Berlin',
            currency: 'EUR',
            pricePerKwh: 0.29,
          },
          {
            name: 'Bremen GVZ',
            latitude: 53.0793,
            longitude: 8.8017,
            timezone: 'Europe/Berlin',
            currency: 'EUR',
            pricePerKwh: 0.28,
          },
        ],
      },
      {
        name: 'Region Süd',
        sites: [
          {
            name: 'München Riem',
            latitude: 48.1372,
            longitude: 11.6996,
            timezone: 'Europe/Berlin',
            currency: 'EUR',
            pricePerKwh: 0.31,
          },
          {
            name: 'Stuttgart Hafen',
            latitude: 48.7758,
            longitude: 9.1829,
            timezone: 'Europe/Berlin',
            currency: 'EUR',
            pricePerKwh: 0.3,
          },
        ],
      },
    ],
  },
  {
    name: 'Alpen Intralogistik AG',
    regions: [
      {
        name: 'Österreich',
        sites: [
          {
            name: 'Wien Süd',
            latitude: 48.1486,
            longitude: 16.35,
            timezone: 'Europe/Vienna',
            currency: 'EUR',
            pricePerKwh: 0.24,
          },
          {
            name: 'Linz Hafen',
            latitude: 48.3069,
            longitude: 14.2858,
            timezone: 'Europe/Vienna',
            currency: 'EUR',
            pricePerKwh: 0.23,
          },
        ],
      },
      {
        name: 'Schweiz',
        sites: [
          {
            name: 'Zürich Altstetten',
            latitude: 47.3911,
            longitude: 8.4886,
            timezone: 'Europe/Zurich',
            currency: 'CHF',
            pricePerKwh: 0.27,
          },
        ],
      },
    ],
  },
  {
    name: 'Baltic & Atlantic Warehousing Ltd',
    regions: [
      {
        name: 'United Kingdom',
        sites: [
          {
            name: 'Birmingham Central',
            latitude: 52.4862,
            longitude: -1.8904,
            timezone: 'Europe/London',
            currency: 'GBP',
            pricePerKwh: 0.28,
          },
        ],
      },
      {
        name: 'Nordics & Poland',
        sites: [
          {
            name: 'Poznań Logistics Park',
            latitude: 52.4064,
            longitude: 16.9252,
            timezone: 'Europe/Warsaw',
            currency: 'PLN',
            pricePerKwh: 1.05,
          },
          {
            name: 'Göteborg Hamn',
            latitude: 57.7089,
            longitude: 11.9746,
            timezone: 'Europe/Stockholm',
            currency: 'SEK',
            pricePerKwh: 1.6,
          },
        ],
      },
    ],
  },
] as const satisfies readonly DemoOrganization[];

export const DEMO_ORGANIZATIONS: readonly DemoOrganization[] = organizations;
export type DemoSiteName = (typeof organizations)[number]['regions'][number]['sites'][number]['name'];

/** Each operating site's path in the site tree as the portal shows it ("organisation > region"), by site name. */
export function sitePaths(organizations: readonly DemoOrganization[]): Record<string, string> {
  const paths: Record<string, string> = {};
  for (const organization of organizations) {
    for (const region of organization.regions) {
      for (const site of region.sites) paths[site.name] = `${organization.name} > ${region.name}`;
    }
  }
  return paths;
}
