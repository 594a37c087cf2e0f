import { z } from 'zod';
import type { LiveViewBattery } from './live-view';
import type { MdloadUnit } from './mdload-live-view';
import { operatingSiteIdSchema } from './sites';

/**
 * Fleet health (docs/decisions/039-fleet-health.md): the figures of the overview and the live view's filter
 * chips, defined once here; the server computes the same rules in SQL and its API tests hold the two together.
 */

/** A SoC below this (%) is low. */
export const LOW_SOC_PERCENT = 20;
/** A service date this many days ahead or fewer is due; one before today is overdue. */
export const SERVICE_DUE_DAYS = 14;
/**
 * A battery's expected interval: one that has reported before is silent once its last data is older than this
 * (decision 110). The server marks it (status 'silent') and every view counts it offline; an offline or silent
 * battery needs attention from then on.
 */
export const SILENT_AFTER_MINUTES = 30;
/** The needs-attention list shows at most this many batteries (the worst first). */
export const ATTENTION_LIST_MAX = 200;

/** The five live states every battery counts in exactly once. */
export const HEALTH_STATES = ['charging', 'discharging', 'standby', 'offline', 'error'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

/** The four live states every charger-station unit counts in exactly once (a unit does not discharge). */
export const STATION_STATES = ['charging', 'standby', 'offline', 'error'] as const;
export type StationState = (typeof STATION_STATES)[number];

/** A site's worst state, worst first: its map marker's colour. */
export const SITE_CONDITIONS = ['error', 'offline', 'attention', 'ok', 'empty'] as const;
export const siteConditionSchema = z.enum(SITE_CONDITIONS);
export type SiteCondition = z.infer<typeof siteConditionSchema>;

export const ATTENTION_REASONS = ['error', 'offline', 'lowSoc', 'serviceOverdue'] as const;
export const attentionReasonSchema = z.enum(ATTENTION_REASONS);
export type AttentionReason = z.infer<typeof attentionReasonSchema>;

const count = z.number().int().min(0);

/** The charger-station units of a site by live state (decision 045). */
export const stationFiguresSchema = z.object({
  units: count,
  charging: count,
  /** online or idle */
  standby: count,
  /** offline, not connected, silent, or without a connection, even with an error reported before (decision 140) */
  offline: count,
  error: count,
});
export type StationFigures = z.infer<typeof stationFiguresSchema>;

export const healthFiguresSchema = z.object({
  batteries: count,
  charging: count,
  discharging: count,
  /** standby, idle, online and connected */
  standby: count,
  /** offline, not connected, silent, or without a connection, even with an error reported before (decision 139) */
  offline: count,
  error: count,
  errorWithin24h: count,
  lowSoc: count,
  serviceDue: count,
  serviceOverdue: count,
  /**
   * Display-unit licences ending within LICENCE_EXPIRY_WARNING_DAYS or ended; null where the user does not
   * manage licences (cbm_update).
   */
  licencesExpiring: count.nullable(),
  /**
   * Alarms not cleared yet (open or acknowledged), of batteries and charger-station units alike, as far as the
   * user sees them in the alarm inbox; null where the user sees neither kind.
   */
  activeAlarms: count.nullable(),
  /** The charger-station units; null where the user does not hold the charger-station live view. */
  stations: stationFiguresSchema.nullable(),
});
export type HealthFigures = z.infer<typeof healthFiguresSchema>;

export const siteHealthSchema = healthFiguresSchema.extend({
  operatingSiteId: z.number().int(),
  condition: siteConditionSchema,
});
export type SiteHealth = z.infer<typeof siteHealthSchema>;

export const fleetHealthQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema.optional() });
export type FleetHealthQuery = z.infer<typeof fleetHealthQuerySchema>;

/** GET /api/v2/fleet-health: per site the user sees with the live view, and the totals over them. */
export const fleetHealthResponseSchema = z.object({
  sites: z.array(siteHealthSchema),
  total: healthFiguresSchema,
});
export type FleetHealthResponse = z.infer<typeof fleetHealthResponseSchema>;

export const attentionBatterySchema = z.object({
  batterySerialNumber: z.string(),
  batteryName: z.string(),
  operatingSiteId: z.number().int(),
  reasons: z.array(attentionReasonSchema),
  currentErrorCode: z.string().nullable(),
  soc: z.number().nullable(),
  lastDataTimestamp: z.string().nullable(),
  /** YYYY-MM-DD */
  nextServiceDate: z.string().nullable(),
});
export type AttentionBattery = z.infer<typeof attentionBatterySchema>;

/** GET /api/v2/fleet-health/attention: the worst first (errors, longest offline, lowest SoC, oldest service). */
export const attentionResponseSchema = z.object({
  batteries: z.array(attentionBatterySchema),
  totalCount: count,
});
export type AttentionResponse = z.infer<typeof attentionResponseSchema>;

/**
 * The overview's battery figures that open the list of exactly their batteries (GET /api/v2/fleet-health/batteries):
 * all, each live state, errors within 24 h, low SoC and service (due or overdue), by the rules above.
 */
export const FIGURE_LISTS = ['batteries', ...HEALTH_STATES, 'errorWithin24h', 'lowSoc', 'service'] as const;
export const figureListSchema = z.enum(FIGURE_LISTS);
export type FigureList = z.infer<typeof figureListSchema>;
/** A figure's list shows this many batteries a page. */
export const FIGURE_LIST_PAGE_MAX = 500;

export const figureBatteriesQuerySchema = fleetHealthQuerySchema.extend({
  figure: figureListSchema,
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(FIGURE_LIST_PAGE_MAX).default(FIGURE_LIST_PAGE_MAX),
});
export type FigureBatteriesQuery = z.infer<typeof figureBatteriesQuerySchema>;

export const figureBatterySchema = attentionBatterySchema
  .omit({ reasons: true })
  .extend({ state: z.enum(HEALTH_STATES), errorWithin24h: z.boolean() });
export type FigureBattery = z.infer<typeof figureBatterySchema>;

/** GET /api/v2/fleet-health/batteries: the figure's batteries by site and name, and how many there are. */
export const figureBatteriesResponseSchema = z.object({ batteries: z.array(figureBatterySchema), totalCount: count });
export type FigureBatteriesResponse = z.infer<typeof figureBatteriesResponseSchema>;

type HealthFields = Pick<LiveViewBattery, 'status' | 'online' | 'soc' | 'nextServiceDate' | 'errorWithin24h'>;

const DISCONNECTED_STATUSES: readonly LiveViewBattery['status'][] = ['offline', 'not connected', 'silent'];

/** Offline, never connected or silent: the live view greys it out and the figures count it offline. */
export const isDisconnected = (battery: Pick<LiveViewBattery, 'status' | 'online'>) =>
  battery.online === false || DISCONNECTED_STATUSES.includes(battery.status);

/**
 * The status the views show (decision 139): a current error reads as 'error' while the battery is connected. An
 * offline, never connected or silent battery keeps its status; its error is the last one it reported, shown by
 * `currentErrorCode` (the red outline), not as an error now.
 */
export const shownStatus = (
  status: LiveViewBattery['status'],
  currentErrorCode: string | null,
): LiveViewBattery['status'] =>
  currentErrorCode !== null && !DISCONNECTED_STATUSES.includes(status) ? 'error' : status;

/**
 * The battery's one live state of the five, of its shown status (`shownStatus`): offline before error, since a
 * battery whose connection is gone cannot be in error now (decision 139).
 */
export function healthState(battery: Pick<LiveViewBattery, 'status' | 'online'>): HealthState {
  if (isDisconnected(battery)) return 'offline';
  if (battery.status === 'error') return 'error';
  if (battery.status === 'charging' || battery.status === 'discharging') return battery.status;
  return 'standby';
}

export const isLowSoc = (battery: Pick<LiveViewBattery, 'soc'>) =>
  battery.soc !== null && battery.soc < LOW_SOC_PERCENT;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * `serviceState` for one day, its last due day worked out once: a list of 99,999 batteries is then compared only.
 * 'overdue' before `today`, 'due' up to SERVICE_DUE_DAYS ahead (both YYYY-MM-DD, the site's calendar).
 */
export function serviceStateOn(today: string): (nextServiceDate: string | null) => 'overdue' | 'due' | null {
  const lastDueDay = addDays(today, SERVICE_DUE_DAYS);
  return (nextServiceDate) => {
    if (nextServiceDate === null) return null;
    if (nextServiceDate < today) return 'overdue';
    return nextServiceDate <= lastDueDay ? 'due' : null;
  };
}

export const serviceState = (nextServiceDate: string | null, today: string) => serviceStateOn(today)(nextServiceDate);

const STATION_DISCONNECTED_STATUSES: readonly MdloadUnit['status'][] = ['offline', 'not connected'];

/**
 * The unit's one live state of the four, of the status the charger-station live view shows: offline before error,
 * as for batteries (decision 140). The server shows a unit silent for SILENT_AFTER_MINUTES as 'offline'
 * (station_shown_status, migration 070), so a silent unit counts offline too.
 */
export function stationState(unit: Pick<MdloadUnit, 'status' | 'online'>): StationState {
  if (unit.online === false || STATION_DISCONNECTED_STATUSES.includes(unit.status)) return 'offline';
  if (unit.status === 'error') return 'error';
  return unit.status === 'charging' ? 'charging' : 'standby';
}

/**
 * What of a battery's live state the overview's figures and needs-attention list count: its live state, low SoC
 * and errors. The live stream's `changes=health` sends a battery only when this changed (decision 056).
 */
export const batteryHealthKey = (
  battery: Pick<LiveViewBattery, 'status' | 'online' | 'soc' | 'currentErrorCode'> & { lastErrorAt: string | null },
) =>
  [
    healthState({ status: shownStatus(battery.status, battery.currentErrorCode), online: battery.online }),
    isLowSoc(battery),
    battery.currentErrorCode ?? '',
    battery.lastErrorAt ?? '',
  ].join('|');

/** The figures of a list of charger-station units. */
export function stationFigures(units: readonly Pick<MdloadUnit, 'status' | 'online'>[]): StationFigures {
  const figures: StationFigures = { units: units.length, charging: 0, standby: 0, offline: 0, error: 0 };
  for (const unit of units) figures[stationState(unit)] += 1;
  return figures;
}

/** The figures of a list of batteries (licences, alarms and charger stations are not in it: null). */
export function healthFigures(batteries: readonly HealthFields[], today: string): HealthFigures {
  const figures: HealthFigures = {
    batteries: batteries.length,
    charging: 0,
    discharging: 0,
    standby: 0,
    offline: 0,
    error: 0,
    errorWithin24h: 0,
    lowSoc: 0,
    serviceDue: 0,
    serviceOverdue: 0,
    licencesExpiring: null,
    activeAlarms: null,
    stations: null,
  };
  const serviceOn = serviceStateOn(today);
  for (const battery of batteries) {
    figures[healthState(battery)] += 1;
    if (battery.errorWithin24h) figures.errorWithin24h += 1;
    if (isLowSoc(battery)) figures.lowSoc += 1;
    const service = serviceOn(battery.nextServiceDate);
    if (service === 'due') figures.serviceDue += 1;
    if (service === 'overdue') figures.serviceOverdue += 1;
  }
  return figures;
}

/** The site's worst state: errors, then offline, then low SoC or overdue service. */
export function siteCondition(figures: HealthFigures): SiteCondition {
  if (figures.batteries === 0) return 'empty';
  if (figures.error > 0) return 'error';
  if (figures.offline > 0) return 'offline';
  return figures.lowSoc > 0 || figures.serviceOverdue > 0 ? 'attention' : 'ok';
}
