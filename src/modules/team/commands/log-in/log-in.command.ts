import { Command } from '@nestjs/cqrs';
import type { SignInAnswer, StaffUser } from '#src/contract/team.js';

export type LoginUser = StaffUser;
export type LoginResult = SignInAnswer;

/** Checks a password and opens a session, or asks for the second step. */
export class LogInCommand extends Command<LoginResult> {
  constructor(
    readonly email: string,
    readonly password: string,
    /** Keyed hash of the client IP, for the per-client throttle. */
    readonly ipHash: string | undefined,
  ) {
    super();
  }
}
