import type { CommandReply } from '@cbm/contracts/device-protocol';

/** Commands a device remembers having applied: enough for the copies a platform sends until it hears back. */
const REMEMBERED = 10_000;

/**
 * Devices apply a command once, by its id (docs/protocol.md §7): a copy (QoS 1, or the platform sending again
 * because no answer reached it) is answered with the command's latest reply and not carried out again.
 */
export class CommandAnswers {
  private readonly latest = new Map<string, CommandReply | null>();

  /** Whether the command was applied before; if not, it counts as applied from now on. */
  seen(id: string): boolean {
    if (this.latest.has(id)) return true;
    this.latest.set(id, null);
    if (this.latest.size > REMEMBERED) this.latest.delete(this.latest.keys().next().value as string);
    return false;
  }

  answered(reply: CommandReply): void {
    if (this.latest.has(reply.id)) this.latest.set(reply.id, reply);
  }

  /** The latest reply to the command, null while it has none yet. */
  latestReply(id: string): CommandReply | null {
    return this.latest.get(id) ?? null;
  }
}
