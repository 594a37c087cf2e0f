import { z } from 'zod';
import { textRule } from './field-rules';
import { operatingSiteIdSchema } from './sites';

export const BATTERY_GROUP_NAME_MAX = 100;

/** The Ungrouped pseudo-group where a selection names it (alert form, statistics): a battery's group id is null. */
export const UNGROUPED = 'ungrouped';

/** A group of batteries at one site (entity fields). The Ungrouped pseudo-group has the id null. */
export const batteryGroupSchema = z.object({ id: z.number().int(), name: z.string() });
export type BatteryGroup = z.infer<typeof batteryGroupSchema>;
export const batteryGroupsSchema = z.array(batteryGroupSchema);
/** What deleting a group answers: the serials of its batteries, now ungrouped. */
export const batteryGroupDeletedSchema = z.object({ movedToUngrouped: z.array(z.string()) });

export const batteryGroupIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const batteryGroupQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });
export const batteryGroupParamsSchema = z.object({ id: batteryGroupIdSchema });

export const batteryGroupNameRule = textRule(BATTERY_GROUP_NAME_MAX);

/** POST /BatteryGroup: a new group at the site. */
export const batteryGroupCreateBodySchema = z.object({
  name: batteryGroupNameRule,
  operatingSiteId: operatingSiteIdSchema,
});
export type BatteryGroupCreateBody = z.infer<typeof batteryGroupCreateBodySchema>;

/** POST /BatteryGroup/{id}: a new name. */
export const batteryGroupRenameBodySchema = z.object({ name: batteryGroupNameRule });
export type BatteryGroupRenameBody = z.infer<typeof batteryGroupRenameBodySchema>;
