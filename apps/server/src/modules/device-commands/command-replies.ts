import type { Queryable } from '../../db/database';
import type { DeviceMessage, Rejection } from '../device-protocol/device-message';
import type { ReplyRecord } from './command-records';
import { commandRepository } from './command-repository';

/**
 * Called inside the transaction that stores replies, with only the new ones (redeliveries
 * removed): later modules (datalogs, updates) hang their own bookkeeping off it.
 */
export type CommandReplyListener = (tx: Queryable, replies: readonly ReplyRecord[]) => Promise<void>;

/**
 * Stores the batch's replies, each matched with the command it answers, in the ingesting transaction; a reply
 * to no command of that device is rejected. `matched` counts the replies to known commands, `fresh` holds those
 * not stored before.
 */
export async function storeReplies(
  tx: Queryable,
  messages: readonly DeviceMessage[],
  rejections: Map<DeviceMessage, Rejection>,
): Promise<{ matched: number; fresh: ReplyRecord[] }> {
  const commands = commandRepository(tx);
  const replies = messages.filter((message) => message.kind === 'reply');
  if (replies.length === 0) return { matched: 0, fresh: [] };
  const sent = await commands.find([...new Set(replies.map((message) => message.payload.id))]);
  const records = replies.flatMap((message) => {
    const command = sent.get(message.payload.id);
    if (command && command.serialNumber === message.serial && command.deviceClass === message.deviceClass) {
      return [{ command, ts: message.ts, reply: message.payload }];
    }
    rejections.set(message, { reason: 'unknown-command', serial: message.serial, detail: message.payload.id });
    return [];
  });
  return { matched: records.length, fresh: await commands.insertReplies(records) };
}
