import { COMMAND_ANSWER_DEADLINE_MS, type Command } from '@cbm/contracts/device-protocol';

/** Until when a command is sent again while the device has not answered: its own end, else a day after issue. */
export function answerDeadline(command: Command, issuedAt: Date): Date {
  const own = 'expiresAt' in command ? command.expiresAt : 'until' in command ? command.until : undefined;
  return own ? new Date(own) : new Date(issuedAt.getTime() + COMMAND_ANSWER_DEADLINE_MS);
}
