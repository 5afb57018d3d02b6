import { Command } from '@nestjs/cqrs';

/** Deactivates (ending every session at once) or reactivates a member. */
export class SetMemberActiveCommand extends Command<{ version: number }> {
  constructor(
    readonly memberId: string,
    readonly active: boolean,
  ) {
    super();
  }
}
