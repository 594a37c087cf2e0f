import { compareVersions } from '@cbm/contracts/battery-list';
import type { CommandReply, UpdateJobStatus } from '@cbm/contracts/device-protocol';
import { isFinalJobStatus, nextStatus } from '@cbm/contracts/update-jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database';
import type { CommandReplyListener } from '../device-commands/command-replies';
import { updateRepository } from './update-repository';

/** A reply without a job status still says something about the job. */
const STATUS_OF_RESULT: Partial<Record<CommandReply['result'], UpdateJobStatus>> = {
  accepted: 'acknowledged',
  rejected: 'rejected',
  failed: 'failed',
  done: 'successfully finished',
};

/**
 * Moves update jobs along the device's firmwareUpdate replies (and its confirmed firmwareCancel), in the order the device stamped them,
 * through the state machine of @cbm/contracts/update-jobs. A report the machine does not allow (a late or
 * out-of-order reply, a job that is over) is logged and not stored. Runs inside the storing transaction.
 */
export function updateJobListener(log: FastifyBaseLogger): CommandReplyListener {
  return async (tx: Queryable, replies) => {
    const reports = replies
      .flatMap(({ command, ts, reply }) => {
        if (command.command.type === 'firmwareCancel') {
          // The device dropped the job (decision 046); a refusal leaves the job to report its own end.
          if (reply.result !== 'done') return [];
          return [{ jobId: command.command.jobId, ts, status: 'discarded' as const, detail: reply.detail ?? null }];
        }
        if (command.command.type !== 'firmwareUpdate') return [];
        const status = reply.jobStatus ?? STATUS_OF_RESULT[reply.result];
        return status ? [{ jobId: command.command.jobId, ts, status, detail: reply.detail ?? null }] : [];
      })
      .sort((a, b) => a.ts.getTime() - b.ts.getTime());
    const jobs = updateRepository(tx);
    for (const report of reports) {
      const job = await jobs.lockJob(report.jobId);
      if (!job) continue;
      const status = nextStatus(job.status, report.status);
      if (!status) {
        log.warn({ jobId: job.id, from: job.status, to: report.status }, 'update job: transition refused');
        continue;
      }
      await jobs.setStatus(job.id, status, report.ts, report.detail, isFinalJobStatus(status));
      if (status === 'successfully finished') await releaseVersion(jobs, job);
    }
  };
}

interface FinishedJob {
  id: number;
  battery_type: string;
  organization_id: number;
}

/**
 * The first battery of a type that runs a newer firmware raises the type's expected version (decision 010)
 * in the organisation the job was made in, never in another (decision 025).
 */
async function releaseVersion(jobs: ReturnType<typeof updateRepository>, job: FinishedJob) {
  const version = await jobs.jobVersion(job.id);
  if (!version) return;
  const expected = await jobs.expectedFirmware(job.organization_id, job.battery_type);
  if (!expected || compareVersions(version, expected) > 0) {
    await jobs.setExpectedFirmware(job.organization_id, job.battery_type, version);
  }
}
