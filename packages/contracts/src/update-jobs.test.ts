import { describe, expect, it } from 'vitest';
import { compareVersions, outdatedVersions, type Versions } from './battery-list';
import { FINAL_JOB_STATUSES, UPDATE_JOB_STATUSES, type UpdateJobStatus } from './device-protocol';
import {
  canTransition,
  nextStatus,
  UPDATE_JOB_PATH,
  updateUploadFieldsSchema,
  VERSION_IN_FILE_NAME,
} from './update-jobs';

const allowedFrom = (from: UpdateJobStatus) => UPDATE_JOB_STATUSES.filter((to) => canTransition(from, to));

describe('update job state machine', () => {
  it('walks the device path step by step and may skip steps forward', () => {
    for (let index = 1; index < UPDATE_JOB_PATH.length; index++) {
      expect(
        canTransition(UPDATE_JOB_PATH[index - 1] as UpdateJobStatus, UPDATE_JOB_PATH[index] as UpdateJobStatus),
      ).toBe(true);
    }
    expect(canTransition('created', 'upload pending')).toBe(true);
    expect(canTransition('acknowledged', 'executed')).toBe(true);
  });

  it('never goes back, and repeats only "in progress"', () => {
    expect(canTransition('started', 'acknowledged')).toBe(false);
    expect(canTransition('executed', 'in progress')).toBe(false);
    expect(canTransition('upload pending', 'upload pending')).toBe(false);
    expect(canTransition('in progress', 'in progress')).toBe(true);
  });

  it('never leaves a final status', () => {
    for (const status of FINAL_JOB_STATUSES) expect(allowedFrom(status)).toEqual([]);
  });

  it('allows each exit only where it makes sense', () => {
    expect(allowedFrom('created')).toEqual(
      expect.arrayContaining(['acknowledged', 'rejected', 'failed', 'obsolete', 'discarded']),
    );
    expect(canTransition('created', 'aborted')).toBe(false);
    expect(canTransition('started', 'rejected')).toBe(false);
    expect(canTransition('in progress', 'obsolete')).toBe(false);
    expect(canTransition('in progress', 'discarded')).toBe(false);
    expect(canTransition('in progress', 'aborted')).toBe(true);
    expect(canTransition('executed', 'failed')).toBe(true);
    expect(canTransition('upload pending', 'discarded')).toBe(true);
    expect(canTransition('created', 'created')).toBe(false);
  });

  it('answers the next status or null for an illegal report', () => {
    expect(nextStatus('acknowledged', 'upload pending')).toBe('upload pending');
    expect(nextStatus('successfully finished', 'failed')).toBeNull();
    expect(nextStatus('executed', 'started')).toBeNull();
  });
});

describe('upload fields', () => {
  it('accepts empty job fields and a version, refuses values the server assigns', () => {
    expect(updateUploadFieldsSchema.safeParse({ id: '', createTimestamp: '', version: '5.13.0' }).success).toBe(true);
    const refused = updateUploadFieldsSchema.safeParse({ id: '12' });
    expect(refused.error?.issues[0]?.message).toBe('validation.serverAssigned');
    expect(updateUploadFieldsSchema.safeParse({ version: '../x' }).error?.issues[0]?.message).toBe(
      'validation.updateVersion',
    );
  });
});

describe('version in the file name', () => {
  it.each([
    ['bms-5.13.0.bin', '5.13.0'],
    ['5.13.0.bin', '5.13.0'],
    ['iot_v12.0.7-rc1.swu', '12.0.7'],
    ['bms-1.2.bin', undefined],
    ['fw-1.2.3.4.zip', '1.2.3'],
  ])('%s → %s', (name, version) => {
    expect(VERSION_IN_FILE_NAME.exec(name)?.[1]).toBe(version);
  });
});

describe('versions', () => {
  const versions = (firmware: string | null, hardware: string | null = 'C'): Versions => ({
    bspVersion: '4.2.1',
    BamVersion: '2.8.0',
    bootVersion: '1.3.0',
    firmwareVersion: firmware,
    hardwareVersion: hardware,
    iotHmiVersion: '3.4.0',
    iotSwVersion: '7.1.2',
  });

  it('orders numerically part by part', () => {
    expect(compareVersions('5.9.0', '5.12.3')).toBe(-1);
    expect(compareVersions('5.12.3', '5.12.3')).toBe(0);
    expect(compareVersions('5.12', '5.12.0')).toBe(0);
    expect(compareVersions('B', 'C')).toBe(-1);
  });

  it('flags versions older than expected or missing, not newer ones', () => {
    const expected = versions('5.12.3');
    expect(outdatedVersions(versions('5.11.0', 'B'), expected)).toEqual(['firmwareVersion', 'hardwareVersion']);
    expect(outdatedVersions(versions('5.13.0'), expected)).toEqual([]);
    expect(outdatedVersions(versions(null), expected)).toEqual(['firmwareVersion']);
    expect(outdatedVersions(versions('1.0.0'), null)).toEqual([]);
  });
});
