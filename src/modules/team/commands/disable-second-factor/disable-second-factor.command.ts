import { Command } from '@nestjs/cqrs';

/** A member turns their second factor off, with their password and a code. */
export class DisableSecondFactorCommand extends Command<void> {
  constructor(
    readonly memberId: string,
    readonly password: string,
    readonly code: string,
  ) {
    super();
  }
}
