import type { Queryable } from '../../db/database';
import type { DeviceMessage, Rejection } from '../device-protocol/device-message';
import type { commandRepository, ReplyRecord } from './command-repository';

/**
 * Called inside the transaction that stores replies, with only the new ones (redeliveries
 * removed): later modules (datalogs, updates) hang their own bookkeeping off it.
 */
export type CommandReplyListener = (tx: Queryable, replies: readonly ReplyRecord[]) => Promise<void>;

/** The batch's replies matched with the commands they answer; a reply to no command of that device is rejected. */
export async function replyRecords(
  commands: ReturnType<typeof commandRepository>,
  messages: readonly DeviceMessage[],
  rejections: Map<DeviceMessage, Rejection>,
): Promise<ReplyRecord[]> {
  const replies = messages.filter((message) => message.kind === 'reply');
  if (replies.length === 0) return [];
  const sent = await commands.find([...new Set(replies.map((message) => message.payload.id))]);
  return replies.flatMap((message) => {
    const command = sent.get(message.payload.id);
    if (command && command.serialNumber === message.serial && command.deviceClass === message.deviceClass) {
      return [{ command, ts: message.ts, reply: message.payload }];
    }
    rejections.set(message, { reason: 'unknown-command', serial: message.serial, detail: message.payload.id });
    return [];
  });
}
