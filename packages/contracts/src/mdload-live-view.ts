import { z } from 'zod';
import { liveMdloadSchema, MDLOAD_STATION_STATES } from './live-stream';
import { operatingSiteIdSchema } from './sites';

/**
 * Charger-station (mdload) live view (screens and routes, entity fields, API calls): each unit of the site with its
 * charging-station groups
 * and stations. The twin is updated in place by mdLoadSerial from the live stream's `mdload` events (state rules).
 */
export const MDLOAD_LIVE_VIEW_CSV_FILENAME = 'charger-stations.csv';

export const mdloadLiveViewQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });

const ID_MAX = 2_147_483_647;
const id = z.number().int().min(1).max(ID_MAX);
/** {id} of POST …/{id}/charger and …/{id}/group is the charging station's id. */
export const chargingStationParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(ID_MAX) });

const nullableNumber = z.number().nullable();

/** A charger of the site, as the station shows it and as a choice when assigning one. */
export const mdloadChargerSchema = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  name: z.string(),
  status: z.string(),
  powerKw: nullableNumber,
  lastDataTimestamp: z.string().nullable(),
});
export type MdloadCharger = z.infer<typeof mdloadChargerSchema>;

export const chargingStationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  batteryModel: z.string().nullable(),
  serialNumber: z.string(),
  state: z.enum(MDLOAD_STATION_STATES).nullable(),
  powerKw: nullableNumber,
  lastDataTimestamp: z.string().nullable(),
  charger: mdloadChargerSchema.nullable(),
});
export type ChargingStation = z.infer<typeof chargingStationSchema>;

export const chargingStationGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  chargingStations: z.array(chargingStationSchema),
});
export type ChargingStationGroup = z.infer<typeof chargingStationGroupSchema>;

/** One charger-station unit (the twin). */
export const mdloadUnitSchema = z.object({
  id: z.number().int(),
  mdLoadSerial: z.string(),
  name: z.string(),
  status: liveMdloadSchema.shape.status,
  online: z.boolean().nullable(),
  powerKw: nullableNumber,
  maxPowerKw: z.number(),
  totalEnergyKwh: nullableNumber,
  lastDataTimestamp: z.string().nullable(),
  chargingStationGroups: z.array(chargingStationGroupSchema),
});
export type MdloadUnit = z.infer<typeof mdloadUnitSchema>;

/** GET …/MdLoadLiveView: the units by name, and the site's chargers (choices for assigning). */
export const mdloadLiveViewResponseSchema = z.object({
  units: z.array(mdloadUnitSchema),
  chargers: z.array(mdloadChargerSchema),
});
export type MdloadLiveViewResponse = z.infer<typeof mdloadLiveViewResponseSchema>;

/** POST …/{stationId}/charger: a charger of the site, or null to take the station's charger away. */
export const assignChargerBodySchema = z.object({ chargerId: id.nullable() });
export type AssignChargerBody = z.infer<typeof assignChargerBodySchema>;

/** POST …/{stationId}/group: another group of the same unit (stations are wired to their unit). */
export const assignGroupBodySchema = z.object({ groupId: id });
export type AssignGroupBody = z.infer<typeof assignGroupBodySchema>;
