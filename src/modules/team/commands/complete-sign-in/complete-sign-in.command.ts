import { Command } from '@nestjs/cqrs';
import type { LoginAnswer } from '#src/contract/team.js';

/** The second step of a sign-in: a code of the authenticator app, or a recovery code. */
export class CompleteSignInCommand extends Command<LoginAnswer> {
  constructor(
    readonly challenge: string,
    readonly proof: { code: string } | { recoveryCode: string },
    /** Keyed hash of the client IP: wrong codes count as the password's tries do. */
    readonly ipHash: string | undefined,
  ) {
    super();
  }
}
