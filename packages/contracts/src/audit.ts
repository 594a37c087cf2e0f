import { z } from 'zod';
import { operatingSiteIdSchema } from './sites';

/**
 * Every action the audit log records, named `<area>.<pastTenseVerb>`. A module that records a new kind of
 * change adds its name here and its texts under `audit.actions` in the web app's audit locales
 * (docs/decisions/007-admin-scope.md lists the names planned for later modules).
 */
export const AUDIT_ACTIONS = {
  signIn: 'auth.signIn',
  signInFailed: 'auth.signInFailed',
  signInRefused: 'auth.signInRefused',
  siteSettingsChanged: 'site.settingsChanged',
  batterySiteAssigned: 'battery.siteAssigned',
  licenceEndDateChanged: 'licence.endDateChanged',
  batteryGroupCreated: 'group.created',
  batteryGroupRenamed: 'group.renamed',
  batteryGroupDeleted: 'group.deleted',
  batteryRenamed: 'battery.renamed',
  batteryGroupChanged: 'battery.groupChanged',
  datalogRequested: 'datalog.requested',
  batteryProfilingChanged: 'battery.profilingChanged',
  stationChargerAssigned: 'chargingStation.chargerAssigned',
  stationGroupChanged: 'chargingStation.groupChanged',
  alertCreated: 'alert.created',
  alertUpdated: 'alert.updated',
  alertDeleted: 'alert.deleted',
  alarmAcknowledged: 'alarm.acknowledged',
  reportScheduleCreated: 'reportSchedule.created',
  reportScheduleUpdated: 'reportSchedule.updated',
  reportScheduleDeleted: 'reportSchedule.deleted',
  updateStarted: 'update.started',
  remoteDebuggingEnabled: 'remoteDebugging.enabled',
  firmwareReleased: 'firmware.released',
  campaignCreated: 'campaign.created',
  campaignPaused: 'campaign.paused',
  campaignResumed: 'campaign.resumed',
  campaignCancelled: 'campaign.cancelled',
  campaignCompleted: 'campaign.completed',
  eventFilterSaved: 'filter.saved',
  eventFilterDeleted: 'filter.deleted',
  deviceRegistered: 'device.registered',
  deviceCredentialsRotated: 'device.credentialsRotated',
  deviceRevoked: 'device.revoked',
  userInvited: 'user.invited',
  userInvitationResent: 'user.invitationResent',
  userInvitationWithdrawn: 'user.invitationWithdrawn',
  userAccessChanged: 'user.accessChanged',
  userDisabled: 'user.disabled',
  userEnabled: 'user.enabled',
  userPasswordResetSent: 'user.passwordResetSent',
  userPasswordSet: 'user.passwordSet',
  userChangeRefused: 'user.changeRefused',
  userPasswordChanged: 'user.passwordChanged',
  userSessionEnded: 'user.sessionEnded',
  userTwoFactorEnabled: 'user.twoFactorEnabled',
  userTwoFactorDisabled: 'user.twoFactorDisabled',
  userRecoveryCodeUsed: 'user.recoveryCodeUsed',
  userTwoFactorPolicyChanged: 'user.twoFactorPolicyChanged',
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];
export const AUDIT_ACTION_NAMES = Object.values(AUDIT_ACTIONS) as AuditAction[];

/** What an entry is about; entityId names it (a user's e-mail, a site id, a battery serial, a display id). */
export const AUDIT_ENTITY_TYPES = [
  'user',
  'operatingSite',
  'battery',
  'displayUnit',
  'batteryGroup',
  'alert',
  'alarm',
  'chargingStation',
  'datalog',
  'eventFilter',
  'device',
  'firmwareRelease',
  'firmwareCampaign',
  'reportSchedule',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_PAGE_MAX = 200;
export const AUDIT_PAGE_DEFAULT = 50;

export const auditQuerySchema = z.object({
  operatingSiteId: operatingSiteIdSchema,
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The changed fields before and after, e.g. { pricePerKwh: 0.29 } → { pricePerKwh: 0.31 }. */
export const auditValueSchema = z.record(z.string(), z.unknown()).nullable();
export type AuditValue = z.infer<typeof auditValueSchema>;

export const auditEntrySchema = z.object({
  /** A 64-bit id, as text. */
  id: z.string(),
  occurredAt: z.iso.datetime({ offset: true }),
  /** The e-mail address of who did it, as it was then (also for unknown accounts of failed sign-ins). */
  actor: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  previousValue: auditValueSchema,
  newValue: auditValueSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Newest first. */
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), totalCount: z.number().int() });
export type AuditPage = z.infer<typeof auditPageSchema>;
