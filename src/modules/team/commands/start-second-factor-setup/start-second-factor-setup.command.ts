import { Command } from '@nestjs/cqrs';
import type { SecondFactorSetupAnswer } from '#src/contract/team.js';

/** A member asks for a new authenticator secret; it works only once a code confirms it. */
export class StartSecondFactorSetupCommand extends Command<SecondFactorSetupAnswer> {
  constructor(readonly memberId: string) {
    super();
  }
}
