import type { CommandReply } from '@cbm/contracts/device-protocol';
import { seedFrom } from '@cbm/demo-fixtures/random';
import type { PowerState } from '../physics/battery-physics';

type JobStatus = NonNullable<CommandReply['jobStatus']>;

/**
 * A firmware update on one battery. The IoT module downloads and verifies the image, then waits
 * until the battery stands by to transfer it into the BMS and flash it; the update counts as
 * successful once the battery has discharged on the new firmware and stood by again.
 */
export type FirmwarePhase =
  | 'downloading'
  | 'waitingForStandby'
  | 'transferring'
  | 'installing'
  | 'waitingForDischarge'
  | 'waitingForFinalStandby'
  | 'finished'
  | 'failed';

export interface FirmwareJob {
  commandId: string;
  jobId: number;
  phase: FirmwarePhase;
  phaseSinceMs: number;
  /** Installation progress already reported, in percent. */
  reportedPercent: number;
  /** Why flashing this image fails at its end (a configured fault), or null. */
  installFault: string | null;
}

export interface FirmwareTiming {
  /** Simulated time to copy the image from the IoT module into the BMS. */
  transferMs: number;
  /** Simulated time to flash the BMS. */
  installMs: number;
}

export const DEFAULT_FIRMWARE_TIMING: FirmwareTiming = { transferMs: 45_000, installMs: 240_000 };
/** The workshop bench's flasher is quick: a demo update completes within seconds. */
export const BENCH_FIRMWARE_TIMING: FirmwareTiming = { transferMs: 2000, installMs: 4000 };

export interface JobUpdate {
  commandId: string;
  result: CommandReply['result'];
  jobStatus: JobStatus;
  detail?: string;
}

export interface JobStep {
  job: FirmwareJob;
  updates: JobUpdate[];
}

const update = (job: FirmwareJob, jobStatus: JobStatus, detail?: string): JobUpdate => {
  const result = jobStatus === 'successfully finished' ? 'done' : jobStatus === 'failed' ? 'failed' : 'progress';
  return { commandId: job.commandId, result, jobStatus, ...(detail ? { detail } : {}) };
};

const enter = (job: FirmwareJob, phase: FirmwarePhase, nowMs: number): FirmwareJob => ({
  ...job,
  phase,
  phaseSinceMs: nowMs,
});

/**
 * Installs that fail on purpose (a load test's or a campaign test's bad build): a share of the batteries, chosen
 * by serial and version so that a run is repeatable, fails to flash one of these versions.
 */
export interface FirmwareFaults {
  versions: readonly string[];
  /** 0–1. */
  share: number;
}

export const INSTALL_FAULT = 'install failed: the BMS rejected the image after flashing (simulated fault)';

export function failsInstall(faults: FirmwareFaults | null, serial: string, version: string | undefined): boolean {
  if (!faults || version === undefined || !faults.versions.includes(version)) return false;
  return seedFrom(`${serial}/${version}`) % 1000 < faults.share * 1000;
}

export function startFirmwareJob(
  commandId: string,
  jobId: number,
  nowMs: number,
  installFault: string | null = null,
): JobStep {
  const job: FirmwareJob = {
    commandId,
    jobId,
    phase: 'downloading',
    phaseSinceMs: nowMs,
    reportedPercent: 0,
    installFault,
  };
  return { job, updates: [{ ...update(job, 'acknowledged'), result: 'accepted' }] };
}

/** The download ended: a verified image waits for standby, anything else fails the job. */
export function downloadFinished(job: FirmwareJob, nowMs: number, failure: string | null): JobStep {
  if (job.phase !== 'downloading') return { job, updates: [] };
  if (failure) return { job: enter(job, 'failed', nowMs), updates: [update(job, 'failed', failure)] };
  return {
    job: enter(job, 'waitingForStandby', nowMs),
    updates: [update(job, 'upload pending', 'image verified; installs when the battery is in standby')],
  };
}

/** Moves the job on for the battery's state at nowMs. */
export function advanceFirmwareJob(
  job: FirmwareJob,
  nowMs: number,
  state: PowerState,
  timing: FirmwareTiming,
): JobStep {
  const elapsed = nowMs - job.phaseSinceMs;
  switch (job.phase) {
    case 'waitingForStandby':
      if (state !== 'standby') return { job, updates: [] };
      return { job: enter(job, 'transferring', nowMs), updates: [update(job, 'started')] };
    case 'transferring':
      if (elapsed < timing.transferMs) return { job, updates: [] };
      return { job: enter(job, 'installing', nowMs), updates: [update(job, 'in progress', '0 %')] };
    case 'installing': {
      if (elapsed >= timing.installMs && job.installFault) {
        return { job: enter(job, 'failed', nowMs), updates: [update(job, 'failed', job.installFault)] };
      }
      if (elapsed >= timing.installMs) {
        return {
          job: enter(job, 'waitingForDischarge', nowMs),
          updates: [update(job, 'executed', 'installed; completes after a discharge followed by standby')],
        };
      }
      const percent = Math.floor((elapsed / timing.installMs) * 4) * 25;
      if (percent <= job.reportedPercent) return { job, updates: [] };
      return { job: { ...job, reportedPercent: percent }, updates: [update(job, 'in progress', `${percent} %`)] };
    }
    case 'waitingForDischarge':
      return state === 'discharging'
        ? { job: enter(job, 'waitingForFinalStandby', nowMs), updates: [] }
        : { job, updates: [] };
    case 'waitingForFinalStandby':
      if (state !== 'standby') return { job, updates: [] };
      return { job: enter(job, 'finished', nowMs), updates: [update(job, 'successfully finished')] };
    default:
      return { job, updates: [] };
  }
}

/** While the image is copied and flashed, the BMS keeps the battery in standby. */
export const holdsStandby = (job: FirmwareJob | null) => job?.phase === 'transferring' || job?.phase === 'installing';

/** A job that has not begun writing the BMS may be replaced by a newer command (the platform made it obsolete). */
export const isReplaceable = (job: FirmwareJob | null) =>
  job === null || job.phase === 'downloading' || job.phase === 'waitingForStandby' || !isRunning(job);

export const isRunning = (job: FirmwareJob | null) =>
  job !== null && job.phase !== 'finished' && job.phase !== 'failed';

export interface CancelAnswer {
  job: FirmwareJob | null;
  result: 'done' | 'rejected';
  detail: string;
}

/**
 * The answer to firmwareCancel (docs/protocol.md, decision 046): a job that has not begun writing the BMS is dropped
 * with its image; one being installed, or over, goes on. A job the battery does not hold is nothing to install.
 */
export function cancelFirmwareJob(job: FirmwareJob | null, jobId: number): CancelAnswer {
  if (job?.jobId !== jobId) return { job, result: 'done', detail: 'no such update on this battery' };
  if (!isRunning(job)) return { job, result: 'rejected', detail: 'the update is over' };
  if (!isReplaceable(job)) return { job, result: 'rejected', detail: 'too late: the image is in the BMS' };
  return { job: null, result: 'done', detail: 'update withdrawn; the image was deleted' };
}
