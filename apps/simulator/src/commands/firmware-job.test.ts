import { describe, expect, it } from 'vitest';
import type { PowerState } from '../physics/battery-physics';
import {
  advanceFirmwareJob,
  cancelFirmwareJob,
  downloadFinished,
  type FirmwareJob,
  type FirmwareTiming,
  failsInstall,
  holdsStandby,
  type JobUpdate,
  startFirmwareJob,
} from './firmware-job';

const timing: FirmwareTiming = { transferMs: 30_000, installMs: 120_000 };
const ID = '5a4f7f1e-2c1d-4c53-9a53-2f3f9b0c0a11';

/** Runs the job through a sequence of (time, battery state) and collects the statuses it reports. */
function run(job: FirmwareJob, steps: [atMs: number, state: PowerState][]) {
  const updates: JobUpdate[] = [];
  let current = job;
  for (const [atMs, state] of steps) {
    const step = advanceFirmwareJob(current, atMs, state, timing);
    current = step.job;
    updates.push(...step.updates);
  }
  return { job: current, statuses: updates.map((update) => update.jobStatus), updates };
}

const verified = () => downloadFinished(startFirmwareJob(ID, 7, 0).job, 1_000, null).job;

describe('firmware update job', () => {
  it('acknowledges, verifies the download and waits for standby', () => {
    const started = startFirmwareJob(ID, 7, 0);
    expect(started.updates).toEqual([{ commandId: ID, result: 'accepted', jobStatus: 'acknowledged' }]);
    const downloaded = downloadFinished(started.job, 1_000, null);
    expect(downloaded.updates.map((update) => [update.result, update.jobStatus])).toEqual([
      ['progress', 'upload pending'],
    ]);
    const { statuses, job } = run(downloaded.job, [
      [10_000, 'discharging'],
      [20_000, 'idle'],
      [30_000, 'charging'],
    ]);
    expect(statuses).toEqual([]);
    expect(job.phase).toBe('waitingForStandby');
  });

  it('installs only in standby, holds the battery there, then needs a discharge and standby to finish', () => {
    const { statuses, updates, job } = run(verified(), [
      [10_000, 'discharging'],
      [20_000, 'standby'],
      [50_000, 'standby'],
      [80_000, 'standby'],
      [110_000, 'standby'],
      [140_000, 'standby'],
      [170_000, 'standby'],
      [200_000, 'standby'],
      [300_000, 'charging'],
      [400_000, 'discharging'],
      [500_000, 'idle'],
      [600_000, 'standby'],
    ]);
    expect(statuses).toEqual([
      'started',
      'in progress',
      'in progress',
      'in progress',
      'in progress',
      'executed',
      'successfully finished',
    ]);
    expect(updates.filter((update) => update.jobStatus === 'in progress').map((update) => update.detail)).toEqual([
      '0 %',
      '25 %',
      '50 %',
      '75 %',
    ]);
    expect(updates.at(-1)?.result).toBe('done');
    expect(job.phase).toBe('finished');
  });

  it('does not finish on standby without a discharge after the installation', () => {
    const installed = run(verified(), [
      [10_000, 'standby'],
      [40_000, 'standby'],
      [160_000, 'standby'],
    ]).job;
    expect(installed.phase).toBe('waitingForDischarge');
    const { statuses, job } = run(installed, [
      [200_000, 'standby'],
      [300_000, 'charging'],
      [400_000, 'standby'],
    ]);
    expect(statuses).toEqual([]);
    expect(job.phase).toBe('waitingForDischarge');
  });

  it('keeps the battery in standby only while copying and flashing', () => {
    const steps: [number, PowerState][] = [
      [10_000, 'standby'],
      [40_000, 'standby'],
      [160_000, 'standby'],
      [200_000, 'discharging'],
    ];
    let job = verified();
    const held = steps.map(([atMs, state]) => {
      job = advanceFirmwareJob(job, atMs, state, timing).job;
      return holdsStandby(job);
    });
    expect(held).toEqual([true, true, false, false]);
  });

  it('fails on a checksum mismatch and stops there', () => {
    const failed = downloadFinished(startFirmwareJob(ID, 7, 0).job, 1_000, 'checksum mismatch');
    expect(failed.updates).toEqual([
      { commandId: ID, result: 'failed', jobStatus: 'failed', detail: 'checksum mismatch' },
    ]);
    expect(run(failed.job, [[10_000, 'standby']]).statuses).toEqual([]);
  });

  it('fails a faulty install at its end, with the reason, for the configured share of batteries', () => {
    const faulty = { ...verified(), installFault: 'install failed' };
    const { statuses, updates } = run(faulty, [
      [20_000, 'standby'],
      [50_000, 'standby'],
      [170_000, 'standby'],
      [200_000, 'discharging'],
    ]);
    expect(statuses).toEqual(['started', 'in progress', 'failed']);
    expect(updates.at(-1)).toMatchObject({ result: 'failed', detail: 'install failed' });

    const faults = { versions: ['7.0.0'], share: 0.3 };
    const serials = Array.from({ length: 1000 }, (_, index) => `S${index}`);
    const failing = serials.filter((serial) => failsInstall(faults, serial, '7.0.0')).length;
    expect(failing).toBeGreaterThan(250);
    expect(failing).toBeLessThan(350);
    expect(serials.some((serial) => failsInstall(faults, serial, '7.0.1'))).toBe(false);
    expect(failsInstall(null, 'S1', '7.0.0')).toBe(false);
  });
});

describe('firmwareCancel', () => {
  it('drops a job that downloads or waits for standby, and answers done for a job it does not hold', () => {
    const downloading = startFirmwareJob(ID, 7, 0).job;
    expect(cancelFirmwareJob(downloading, 7)).toMatchObject({ job: null, result: 'done' });
    expect(cancelFirmwareJob(verified(), 7)).toMatchObject({ job: null, result: 'done' });
    expect(cancelFirmwareJob(null, 7)).toMatchObject({ job: null, result: 'done' });
    const other = verified();
    expect(cancelFirmwareJob(other, 8)).toMatchObject({ job: other, result: 'done' });
  });

  it('refuses once the image is being written into the BMS or the job is over', () => {
    const installing = run(verified(), [[2_000, 'standby']]).job;
    expect(installing.phase).toBe('transferring');
    expect(cancelFirmwareJob(installing, 7)).toMatchObject({ job: installing, result: 'rejected' });
    const failed = downloadFinished(startFirmwareJob(ID, 7, 0).job, 1_000, 'checksum mismatch').job;
    expect(cancelFirmwareJob(failed, 7)).toMatchObject({ job: failed, result: 'rejected' });
  });
});
