import { Command } from '@nestjs/cqrs';
import type { RecoveryCodesAnswer } from '#src/contract/team.js';

/** A code of the new authenticator turns the second factor on; answers the recovery codes. */
export class ConfirmSecondFactorCommand extends Command<RecoveryCodesAnswer> {
  constructor(
    readonly memberId: string,
    readonly code: string,
  ) {
    super();
  }
}
