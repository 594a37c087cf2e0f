import type { DatalogFailure } from '@cbm/contracts/datalogs';
import type { CommandReplyListener } from '../device-commands/command-replies';
import { datalogRepository } from './datalog-repository';

const FAILURES: Partial<Record<string, DatalogFailure>> = { rejected: 'refused', failed: 'failed' };

/** A device that refuses the datalog command or fails to upload ends its request (in the storing transaction). */
export const datalogReplyListener: CommandReplyListener = async (tx, replies) => {
  const datalogs = datalogRepository(tx);
  for (const { command, reply } of replies) {
    const failure = FAILURES[reply.result];
    if (command.command.type !== 'datalogUpload' || !failure) continue;
    await datalogs.fail(command.command.datalogId, failure, reply.detail ?? null);
  }
};
