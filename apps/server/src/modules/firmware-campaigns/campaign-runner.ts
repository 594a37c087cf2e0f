import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import type { UpdateJobStatus } from '@cbm/contracts/device-protocol';
import { inWindow, waveFailed } from '@cbm/contracts/firmware-campaigns';
import { isFinalJobStatus } from '@cbm/contracts/update-jobs';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { PeriodicJob } from '../../jobs/job-scheduler';
import { auditRepository } from '../audit/audit-repository';
import { startStoredUpdates } from '../updates/update-service';
import { campaignProgressRepository, FAILED_JOB_STATUSES, type StateCount } from './campaign-progress-repository';
import { type CampaignRow, campaignRepository } from './campaign-repository';
import { releaseRepository } from './release-repository';

/** The most seconds' worth of commands one run catches up on. */
const MAX_CATCH_UP_SECONDS = 5;

/** The runner's own entries in the audit log (a threshold that paused, a campaign that completed). */
const SYSTEM = { userId: null, email: 'system' };

export interface CampaignRunnerOptions {
  db: Database;
  /** Firmware commands sent per run (one run a second) across all campaigns. */
  commandsPerSecond: number;
  now?: () => Date;
}

const isDone = (state: StateCount['state']) =>
  state === 'upToDate' || (state !== 'pending' && isFinalJobStatus(state as UpdateJobStatus));

/** The current wave's verdict once every battery of the opened waves is done: failed, passed, or still running. */
export function waveVerdict(counts: readonly StateCount[], wave: number, thresholdPercent: number) {
  const opened = counts.filter((count) => count.wave <= wave);
  if (opened.some((count) => !isDone(count.state))) return 'running' as const;
  const current = counts.filter((count) => count.wave === wave);
  const sum = (items: StateCount[]) => items.reduce((total, count) => total + count.count, 0);
  const failed = sum(current.filter((count) => FAILED_JOB_STATUSES.includes(count.state as UpdateJobStatus)));
  const withJob = sum(current.filter((count) => count.state !== 'upToDate'));
  return waveFailed(failed, withJob, thresholdPercent) ? ('failed' as const) : ('passed' as const);
}

/** Minute of the day at `at` in the zone. */
function minuteOfDay(at: Date, timezone: string): number {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const part = (type: string) => Number(format.formatToParts(at).find((entry) => entry.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * Moves every running campaign on (decision 038): evaluates the current wave once its batteries are done
 * (pause above the threshold, else the next wave or completed), then sends jobs to the opened waves' batteries
 * whose site window is open, at most `commandsPerSecond` per run; withdrawals of cancelled campaigns go first.
 */
export function campaignRunner(app: FastifyInstance, options: CampaignRunnerOptions) {
  const { db } = options;
  const now = options.now ?? (() => new Date());

  /** 'next' when the wave passed and the next one opened, 'stopped' when the campaign paused or completed. */
  async function evaluate(campaign: CampaignRow): Promise<'running' | 'next' | 'stopped'> {
    const counts = await campaignProgressRepository(db).stateCounts(campaign.id);
    const verdict = waveVerdict(counts, campaign.current_wave, Number(campaign.failure_threshold_percent));
    if (verdict === 'running') return 'running';
    const last = campaign.current_wave >= campaign.waves.length;
    return db.transaction(async (tx) => {
      const campaigns = campaignRepository(tx);
      const locked = await campaigns.lock(campaign.id);
      if (locked?.status !== 'running' || locked.current_wave !== campaign.current_wave) return 'stopped';
      if (verdict === 'failed') {
        await campaigns.setState(campaign.id, { status: 'paused', pausedReason: 'failureThreshold' });
      } else if (last) {
        await campaigns.setState(campaign.id, { status: 'completed' });
      } else {
        await campaigns.setState(campaign.id, { status: 'running', currentWave: campaign.current_wave + 1 });
      }
      if (verdict === 'failed' || last) {
        await auditRepository(tx).record(SYSTEM, [
          {
            action: verdict === 'failed' ? AUDIT_ACTIONS.campaignPaused : AUDIT_ACTIONS.campaignCompleted,
            entityType: 'firmwareCampaign',
            entityId: String(campaign.id),
            siteIds: [...new Set(counts.map((count) => count.siteId))],
            previous: { status: 'running' },
            next:
              verdict === 'failed'
                ? { status: 'paused', reason: 'failureThreshold', wave: campaign.current_wave }
                : { status: 'completed' },
          },
        ]);
      }
      return verdict === 'passed' && !last ? 'next' : 'stopped';
    });
  }

  /** The campaign after its finished waves were evaluated; undefined when it stopped running. */
  async function advance(running: CampaignRow): Promise<CampaignRow | undefined> {
    let campaign: CampaignRow | undefined = running;
    while (campaign) {
      const outcome = await evaluate(campaign);
      if (outcome === 'running') return campaign;
      if (outcome === 'stopped') return undefined;
      campaign = await campaignRepository(db).get(campaign.id);
    }
    return undefined;
  }

  async function closedSites(campaign: CampaignRow): Promise<number[]> {
    const windowed = Object.keys(campaign.site_windows).map(Number);
    if (windowed.length === 0) return [];
    const sites = await campaignRepository(db).siteNames(windowed);
    const at = now();
    return windowed.filter((siteId) => {
      const timezone = sites.get(siteId)?.timezone ?? 'UTC';
      return !inWindow(campaign.site_windows[String(siteId)], minuteOfDay(at, timezone));
    });
  }

  async function send(campaign: CampaignRow, budget: number): Promise<number> {
    if (budget <= 0) return 0;
    const release = await releaseRepository(db).get(campaign.organization_id, campaign.release_id);
    if (!release) return 0;
    const batteries = await campaignProgressRepository(db).unsent(
      campaign.id,
      campaign.current_wave,
      await closedSites(campaign),
      budget,
    );
    if (batteries.length === 0) return 0;
    const jobs = await startStoredUpdates(app, db, {
      batteries,
      file: { id: release.fileId, sha256: release.sha256, version: release.version },
      createdBy: campaign.created_by,
      campaignId: campaign.id,
      origin: campaign.download_origin,
    });
    await campaignRepository(db).setJobs(campaign.id, jobs);
    return batteries.length;
  }

  /**
   * Sends firmwareCancel for the cancelled campaigns' jobs that have not begun installing (decision 046); each
   * ends discarded when its battery confirms. A command that cannot go out is tried again by a later run.
   */
  async function withdraw(budget: number): Promise<number> {
    if (budget <= 0) return 0;
    const jobs = await campaignProgressRepository(db).unwithdrawn(budget);
    if (jobs.length === 0) return 0;
    const requests = jobs.map((job) => ({
      serial: job.serial,
      request: { type: 'firmwareCancel' as const, jobId: job.id },
    }));
    await app.devices
      .sendCommands(requests)
      .catch((error: unknown) => app.log.warn({ err: error }, 'campaign: withdrawals not sent'));
    return jobs.length;
  }

  let lastRunMs: number | undefined;
  /** The commands due since the last run (a run lasts longer than its second when the database is busy). */
  function takeBudget(): number {
    const nowMs = Date.now();
    const seconds = lastRunMs === undefined ? 1 : Math.min(MAX_CATCH_UP_SECONDS, (nowMs - lastRunMs) / 1000);
    lastRunMs = nowMs;
    return Math.round(options.commandsPerSecond * seconds);
  }

  async function run(): Promise<void> {
    let budget = takeBudget();
    budget -= await withdraw(budget);
    for (const running of await campaignRepository(db).running()) {
      const campaign = await advance(running);
      if (campaign) budget -= await send(campaign, budget);
    }
  }

  const job: PeriodicJob = { name: 'firmware-campaigns', everyMs: 1000, run };
  return { run, job };
}
