import { SITE_CONDITIONS, type SiteHealth } from '@cbm/contracts/fleet-health';
import { LIVE_STREAM_MAX_SITES } from '@cbm/contracts/live-stream';
import type { FlatOperatingSite } from '@cbm/contracts/site-tree';

export const SITE_SORTS = [
  'condition',
  'name',
  'error',
  'offline',
  'lowSoc',
  'service',
  'activeAlarms',
  'stations',
  'batteries',
] as const;
export type SiteSort = (typeof SITE_SORTS)[number];
export const SITE_FILTERS = [
  'all',
  'error',
  'offline',
  'lowSoc',
  'service',
  'errorWithin24h',
  'activeAlarms',
  'stationError',
] as const;
export type SiteFilter = (typeof SITE_FILTERS)[number];

export interface SiteRow {
  site: FlatOperatingSite;
  /** Undefined until the figures are loaded, or for a user without the live view. */
  health: SiteHealth | undefined;
}

type FigureKey = Exclude<SiteFilter | SiteSort, 'all' | 'name' | 'condition'>;

/** Each figure a site is sorted or filtered by; alarms and charger stations count 0 where the user does not see them. */
export const SITE_FIGURES: Record<FigureKey, (health: SiteHealth) => number> = {
  error: (health) => health.error,
  offline: (health) => health.offline,
  lowSoc: (health) => health.lowSoc,
  errorWithin24h: (health) => health.errorWithin24h,
  service: (health) => health.serviceDue + health.serviceOverdue,
  activeAlarms: (health) => health.activeAlarms ?? 0,
  stations: (health) => health.stations?.units ?? 0,
  stationError: (health) => health.stations?.error ?? 0,
  batteries: (health) => health.batteries,
};

const rank = (row: SiteRow) => SITE_CONDITIONS.indexOf(row.health?.condition ?? 'empty');

/** How many of the figure the site has, for sorting and filtering (0 without figures). */
const figure = (row: SiteRow, key: FigureKey): number => (row.health ? SITE_FIGURES[key](row.health) : 0);

export function siteRows(sites: readonly FlatOperatingSite[], health: readonly SiteHealth[] | undefined): SiteRow[] {
  const byId = new Map(health?.map((entry) => [entry.operatingSiteId, entry]));
  return sites.map((site) => ({ site, health: byId.get(site.operatingSiteId) }));
}

/** The rows the list shows: matching the text and filter, in the chosen order (the most first, then by name). */
export function shownRows(rows: readonly SiteRow[], search: string, filter: SiteFilter, sort: SiteSort): SiteRow[] {
  const needle = search.trim().toLocaleLowerCase();
  const byName = (a: SiteRow, b: SiteRow) => a.site.name.localeCompare(b.site.name);
  const order = (a: SiteRow, b: SiteRow) => {
    if (sort === 'name') return 0;
    if (sort === 'condition') return rank(a) - rank(b);
    return figure(b, sort) - figure(a, sort);
  };
  return rows
    .filter((row) => `${row.site.name} ${row.site.parents}`.toLocaleLowerCase().includes(needle))
    .filter((row) => filter === 'all' || figure(row, filter) > 0)
    .sort((a, b) => order(a, b) || byName(a, b));
}

/** The sites the overview's live stream follows: all of them, or the worst as many as one stream may. */
export const streamedSites = (health: readonly SiteHealth[] | undefined): number[] =>
  [...(health ?? [])]
    .sort((a, b) => SITE_CONDITIONS.indexOf(a.condition) - SITE_CONDITIONS.indexOf(b.condition))
    .slice(0, LIVE_STREAM_MAX_SITES)
    .map((site) => site.operatingSiteId)
    .sort((a, b) => a - b);
