import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { compareVersions } from '@cbm/contracts/battery-list';
import {
  type CampaignPreview,
  type campaignCreateSchema,
  type campaignTargetSchema,
  waveOf,
} from '@cbm/contracts/firmware-campaigns';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { HttpError } from '../../http-error';
import { type AuditActor, auditRepository } from '../audit/audit-repository';
import { obsoleteUnsentCampaignJobs } from '../updates/update-service';
import { campaignNotFound } from './campaign-access';
import { type CampaignRow, campaignRepository, type TargetBattery } from './campaign-repository';
import { releaseRepository, type StoredRelease } from './release-repository';

type Target = z.output<typeof campaignTargetSchema>;
type Create = z.output<typeof campaignCreateSchema>;

const releaseNotFound = (id: number) =>
  new HttpError(404, 'campaigns.releaseNotFound', 'errors.firmwareReleaseNotFound', { id });

async function releaseOf(db: Queryable, organizationId: number, releaseId: number): Promise<StoredRelease> {
  const release = await releaseRepository(db).get(organizationId, releaseId);
  if (!release) throw releaseNotFound(releaseId);
  return release;
}

const isCurrent = (battery: TargetBattery, version: string) =>
  battery.firmwareVersion !== null && compareVersions(battery.firmwareVersion, version) === 0;

/** The batteries a target selects: only types the release is for; naming another type is refused (400). */
async function selection(db: Queryable, organizationId: number, target: Target) {
  const release = await releaseOf(db, organizationId, target.releaseId);
  const wrongType = target.batteryTypes.find((type) => !release.batteryTypes.includes(type));
  if (wrongType) {
    throw new HttpError(400, 'campaigns.wrongBatteryType', 'errors.campaignWrongBatteryType', {
      version: release.version,
      type: wrongType,
      types: release.batteryTypes.join(', '),
    });
  }
  const batteries = await campaignRepository(db).targets({
    siteIds: target.operatingSiteIds,
    groupIds: target.groupIds,
    batteryTypes: target.batteryTypes.length > 0 ? target.batteryTypes : release.batteryTypes,
    currentVersions: target.currentVersions,
    organizationId,
    offExpectedVersion: target.offExpectedVersion,
  });
  return { release, batteries };
}

const countBy = <T>(items: readonly T[], key: (item: T) => string | number) => {
  const counts = new Map<string | number, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

export async function previewCampaign(db: Database, organizationId: number, target: Target): Promise<CampaignPreview> {
  const { release, batteries } = await selection(db, organizationId, target);
  const names = await campaignRepository(db).siteNames(target.operatingSiteIds);
  return {
    total: batteries.length,
    inStandby: batteries.filter((battery) => battery.inStandby).length,
    upToDate: batteries.filter((battery) => isCurrent(battery, release.version)).length,
    perSite: [...countBy(batteries, (battery) => battery.siteId)].map(([siteId, count]) => ({
      operatingSiteId: Number(siteId),
      name: names.get(Number(siteId))?.name ?? '',
      count,
    })),
    perType: [...countBy(batteries, (battery) => battery.type)].map(([type, count]) => ({
      batteryType: String(type),
      count,
    })),
    batteries: batteries.map((battery) => ({
      batterySerialNumber: battery.serial,
      operatingSiteId: battery.siteId,
      type: battery.type,
      firmwareVersion: battery.firmwareVersion,
      inStandby: battery.inStandby,
    })),
  };
}

export interface CreateCampaign {
  organizationId: number;
  request: Create;
  user: AuditActor & { userId: number };
  origin: string;
}

/** Creates the campaign with every battery in its wave, or nothing (400, 409) — decision 038. */
export async function createCampaign(db: Database, { organizationId, request, user, origin }: CreateCampaign) {
  return db.transaction(async (tx) => {
    const { release, batteries } = await selection(tx, organizationId, request);
    if (batteries.length === 0) throw new HttpError(400, 'campaigns.noBatteries', 'errors.campaignNoBatteries');
    const campaigns = campaignRepository(tx);
    const overlap = await campaigns.overlap(batteries.map((battery) => battery.serial));
    if (overlap) throw new HttpError(409, 'campaigns.overlap', 'errors.campaignOverlap', overlap);
    const campaignId = await campaigns.insert({
      organizationId,
      name: request.name,
      releaseId: release.id,
      waves: request.waves,
      failureThresholdPercent: request.failureThresholdPercent,
      siteWindows: request.siteWindows,
      origin,
      createdBy: user.userId,
    });
    await campaigns.insertBatteries(
      campaignId,
      batteries.map((battery, index) => ({
        serial: battery.serial,
        siteId: battery.siteId,
        wave: waveOf(index, batteries.length, request.waves),
        upToDate: isCurrent(battery, release.version),
      })),
    );
    await auditRepository(tx).record(user, [
      {
        action: AUDIT_ACTIONS.campaignCreated,
        entityType: 'firmwareCampaign',
        entityId: String(campaignId),
        siteIds: [...new Set(batteries.map((battery) => battery.siteId))],
        next: {
          name: request.name,
          version: release.version,
          batteries: batteries.length,
          waves: request.waves,
          failureThresholdPercent: request.failureThresholdPercent,
        },
      },
    ]);
    return campaignId;
  });
}

export type CampaignAction = 'pause' | 'resume' | 'cancel';

const ACTION_AUDIT = {
  pause: AUDIT_ACTIONS.campaignPaused,
  resume: AUDIT_ACTIONS.campaignResumed,
  cancel: AUDIT_ACTIONS.campaignCancelled,
} as const;

function refuse(action: CampaignAction, campaign: CampaignRow): never {
  const { id, status } = campaign;
  if (status === 'completed' || status === 'cancelled') {
    throw new HttpError(409, 'campaigns.wrongState', 'errors.campaignClosed', { id });
  }
  if (action === 'pause') throw new HttpError(409, 'campaigns.wrongState', 'errors.campaignNotRunning', { id });
  throw new HttpError(409, 'campaigns.wrongState', 'errors.campaignNotPaused', { id });
}

/** Pause, resume (optionally with a fixed release) or cancel, audited in the same transaction. */
export async function steerCampaign(
  db: Database,
  campaignId: number,
  action: CampaignAction,
  options: { user: AuditActor; siteIds: number[]; releaseId?: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const campaigns = campaignRepository(tx);
    const campaign = await campaigns.lock(campaignId);
    if (!campaign) throw campaignNotFound(campaignId);
    const allowed = { pause: ['running'], resume: ['paused'], cancel: ['running', 'paused'] }[action];
    if (!allowed.includes(campaign.status)) refuse(action, campaign);
    const previous = { status: campaign.status, version: campaign.version };
    let next: Record<string, unknown> = {};
    if (action === 'pause') {
      await campaigns.setState(campaignId, { status: 'paused', pausedReason: 'user' });
      next = { status: 'paused' };
    } else if (action === 'cancel') {
      // The runner withdraws the jobs that have not begun installing: each ends when its battery confirms (046).
      await campaigns.setState(campaignId, { status: 'cancelled' });
      await obsoleteUnsentCampaignJobs(tx, campaignId);
      next = { status: 'cancelled' };
    } else {
      next = await resume(tx, campaign, options.releaseId);
    }
    await auditRepository(tx).record(options.user, [
      {
        action: ACTION_AUDIT[action],
        entityType: 'firmwareCampaign',
        entityId: String(campaignId),
        siteIds: options.siteIds,
        previous,
        next,
      },
    ]);
  });
}

/**
 * With a fixed release the opened waves start again on it; without one, a campaign the threshold paused
 * accepts the wave's failures and opens the next wave.
 */
async function resume(tx: Queryable, campaign: CampaignRow, releaseId: number | undefined) {
  const campaigns = campaignRepository(tx);
  if (releaseId !== undefined && releaseId !== campaign.release_id) {
    const release = await releaseOf(tx, campaign.organization_id, releaseId);
    await campaigns.replaceRelease(campaign.id, release.id, release.version, campaign.current_wave);
    await campaigns.setState(campaign.id, { status: 'running' });
    return { status: 'running', version: release.version };
  }
  const accepted = campaign.paused_reason === 'failureThreshold';
  const currentWave = accepted ? campaign.current_wave + 1 : campaign.current_wave;
  if (currentWave > campaign.waves.length) {
    await campaigns.setState(campaign.id, { status: 'completed' });
    return { status: 'completed' };
  }
  await campaigns.setState(campaign.id, { status: 'running', currentWave });
  return { status: 'running', currentWave };
}
