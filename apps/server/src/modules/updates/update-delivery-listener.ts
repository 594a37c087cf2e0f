import { FINAL_JOB_STATUSES } from '@cbm/contracts/device-protocol';
import type { CommandDeliveryListener } from '../device-commands/command-redelivery';

/**
 * Update jobs and the delivery of their commands (decision 072): a firmwareUpdate whose job is over (obsolete,
 * discarded) is not sent again, and a job whose command the battery never answered ends 'no answer'.
 */
export const updateDeliveryListener: CommandDeliveryListener = {
  async unwanted(db, ids) {
    if (ids.length === 0) return [];
    const rows = await db.query<{ command_id: string }>(
      `SELECT command_id FROM update_job WHERE command_id = ANY($1::uuid[]) AND status = ANY($2::text[])`,
      [[...ids], [...FINAL_JOB_STATUSES]],
    );
    return rows.map((row) => row.command_id);
  },
  async unanswered(tx, ids) {
    await tx.query(
      `UPDATE update_job SET status = 'no answer', result_timestamp = now(), download_token_hash = NULL
        WHERE command_id = ANY($1::uuid[]) AND status = 'created'`,
      [[...ids]],
    );
  },
};
