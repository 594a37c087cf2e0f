import type { Command, CommandReply, CommandType, DeviceClass } from '@cbm/contracts/device-protocol';

/** A command as stored and published to a device. */
export interface SentCommand {
  id: string;
  deviceClass: DeviceClass;
  serialNumber: string;
  type: CommandType;
  command: Command;
  issuedAt: Date;
  /** Sent again until then while the device has not answered (decision 072). */
  expiresAt: Date;
}

/** A device's reply matched with the command it answers. */
export interface ReplyRecord {
  command: SentCommand;
  ts: Date;
  reply: CommandReply;
}

/** A command's latest stored reply, as callers awaiting it see it. */
export interface StoredReply {
  result: CommandReply['result'];
  jobStatus: string | null;
  detail: string | null;
  ts: Date;
}
