import { z } from 'zod';
import { whenValid } from './field-rules';
import { operatingSiteIdSchema } from './sites';
import { VALIDATION } from './validation-messages';

/** Alerts are kept per product: battery alerts (/Alert) and charger-station alerts (/mdload/MdloadAlert). */
export const ALERT_PRODUCTS = ['battery', 'mdload'] as const;
export type AlertProduct = (typeof ALERT_PRODUCTS)[number];

export const ALERT_NAME_MAX = 100;
export const ALERT_EMAILS_MAX = 20;
export const ALERT_SELECTION_MAX = 500;
/** The Ungrouped pseudo-group in the alert form (entity fields). */
export const UNGROUPED = 'ungrouped';
/** Every group of the site, also those created later: an explicit choice, stored as no group narrowing. */
export const ALL_GROUPS = 'all';

const isMissing = (input: unknown) => input === undefined || input === null || input === '';
const list = <T extends z.ZodType>(item: T, required: string) =>
  z.array(item, { error: () => required }).max(ALERT_SELECTION_MAX);

export const alertGroupIdSchema = z.union([
  z.literal(UNGROUPED),
  z.literal(ALL_GROUPS),
  z.number().int().positive().max(2_147_483_647),
]);
export type AlertGroupId = z.infer<typeof alertGroupIdSchema>;
/** The real groups of a selection (neither Ungrouped nor All groups). */
export const chosenGroupIds = (groupIds: readonly AlertGroupId[]) =>
  groupIds.filter((id): id is number => typeof id === 'number');

/** One recipient address (alerts, alarm rules, scheduled reports): trimmed, lower case, valid. */
export const alertEmailSchema = z
  .string({ error: () => VALIDATION.alertEmailInvalid })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: () => VALIDATION.alertEmailInvalid }).max(254));

type Selection = {
  groupId: readonly AlertGroupId[];
  batteryTypes: readonly string[];
  batterySerials: readonly string[];
};
const KINDS = ['alertOnError', 'alertOnWarning', 'alertOnLimit'] as const;
const SELECTION = ['groupId', 'batteryTypes', 'batterySerials'] as const;

const checkKind = (kinds: Record<(typeof KINDS)[number], boolean>, ctx: z.RefinementCtx) => {
  if (!KINDS.some((kind) => kinds[kind])) {
    ctx.addIssue({ code: 'custom', path: ['alertOnError'], message: VALIDATION.alertKindRequired });
  }
};

/** The selection messages per product: a charger-station alert chooses battery models or units. */
const SELECTION_MESSAGES = {
  battery: {
    types: VALIDATION.alertTypesRequired,
    serials: VALIDATION.alertSerialsRequired,
    exclusive: VALIDATION.alertSerialsExclusive,
  },
  mdload: {
    types: VALIDATION.alertModelsRequired,
    serials: VALIDATION.alertUnitsRequired,
    exclusive: VALIDATION.alertUnitsExclusive,
  },
} as const;

/**
 * Serials exclude groups and types; without serials, groups (battery alerts only: chosen ones or All groups,
 * which stands alone) and types are each required.
 */
const checkSelection = (product: AlertProduct) => (alert: Selection, ctx: z.RefinementCtx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const messages = SELECTION_MESSAGES[product];
  const groups = product === 'battery' ? alert.groupId.length : 0;
  if (alert.batterySerials.length > 0) {
    if (groups > 0 || alert.batteryTypes.length > 0) issue('batterySerials', messages.exclusive);
    return;
  }
  if (product === 'battery' && groups === 0) issue('groupId', VALIDATION.alertGroupsRequired);
  if (alert.groupId.includes(ALL_GROUPS) && groups > 1) issue('groupId', VALIDATION.alertAllGroupsAlone);
  if (alert.batteryTypes.length === 0) issue('batteryTypes', messages.types);
  if (groups === 0 && alert.batteryTypes.length === 0) issue('batterySerials', messages.serials);
};

/** Whether an address passes the alert's e-mail rule; the form refuses others as they are typed. */
export const isAlertEmail = (text: string) => alertEmailSchema.safeParse(text).success;

const checkNoGroups = (alert: Pick<Selection, 'groupId'>, ctx: z.RefinementCtx) => {
  if (alert.groupId.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['groupId'], message: VALIDATION.alertNoGroups });
  }
};

/** A rule's name (event, threshold and silence rules). */
export const alertNameSchema = z
  .string({ error: () => VALIDATION.alertNameRequired })
  .trim()
  .superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: 'custom', message: VALIDATION.alertNameRequired });
    else if (value.length > ALERT_NAME_MAX) {
      ctx.addIssue({ code: 'custom', message: VALIDATION.maxLength, params: { n: ALERT_NAME_MAX } });
    }
  });

/** A rule's recipients (event, threshold and silence rules). */
export const alertEmailsSchema = z
  .array(alertEmailSchema, { error: (issue) => (isMissing(issue.input) ? VALIDATION.alertEmailRequired : undefined) })
  .min(1, VALIDATION.alertEmailRequired)
  .max(ALERT_EMAILS_MAX)
  .refine((emails) => new Set(emails).size === emails.length, VALIDATION.duplicates);

/**
 * The alert form, by the validation rules, validated by the web form and by POST/PUT alike. Every rule runs even when
 * other fields failed, so an empty form gets all its messages at once. Messages are validation keys
 * (`validation.alert…`), translated by whoever shows them.
 */
export function alertBodySchema(product: AlertProduct) {
  const schema = z
    .object({
      operatingSiteId: z
        .number({ error: () => VALIDATION.alertOrganizationRequired })
        .int()
        .positive(),
      name: alertNameSchema,
      active: z.boolean().default(true),
      alertOnError: z.boolean().default(false),
      alertOnWarning: z.boolean().default(false),
      alertOnLimit: z.boolean().default(false),
      groupId: list(alertGroupIdSchema, VALIDATION.alertGroupsRequired).default([]),
      batteryTypes: list(z.string().trim().min(1).max(100), SELECTION_MESSAGES[product].types).default([]),
      batterySerials: list(z.string().trim().min(1).max(100), SELECTION_MESSAGES[product].serials).default([]),
      emails: alertEmailsSchema,
    })
    .superRefine(checkKind, whenValid(...KINDS))
    .superRefine(checkSelection(product), whenValid(...SELECTION));
  return product === 'mdload' ? schema.superRefine(checkNoGroups, whenValid('groupId')) : schema;
}
export type AlertBody = z.output<ReturnType<typeof alertBodySchema>>;
export type AlertFormValues = z.input<ReturnType<typeof alertBodySchema>>;

export const alertSchema = z.object({
  id: z.number().int(),
  operatingSiteId: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  alertOnError: z.boolean(),
  alertOnWarning: z.boolean(),
  alertOnLimit: z.boolean(),
  groupId: z.array(alertGroupIdSchema),
  batteryTypes: z.array(z.string()),
  batterySerials: z.array(z.string()),
  emails: z.array(z.string()),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertsSchema = z.array(alertSchema);

export const alertQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });
export const alertParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET …/filter/batteries: batteries (or charger-station units) the form offers by serial. */
export const alertBatterySchema = z.object({
  batterySerialNumber: z.string(),
  batteryName: z.string(),
  batteryType: z.string().nullable(),
  groupId: z.number().int().nullable(),
});
export type AlertBattery = z.infer<typeof alertBatterySchema>;
export const alertBatteriesSchema = z.array(alertBatterySchema);
export const alertBatteryTypesSchema = z.array(z.string());
export const alertGroupsSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));

/** Pushed on the live stream (event `alert`) when an alert fires at the site. */
export const liveAlertSchema = z.object({
  alertId: z.number().int(),
  product: z.enum(ALERT_PRODUCTS),
  alertName: z.string(),
  serialNumber: z.string(),
  deviceName: z.string(),
  type: z.enum(['error', 'warning', 'limit']),
  code: z.string(),
  description: z.string(),
  ts: z.string(),
});
export type LiveAlert = z.infer<typeof liveAlertSchema>;
