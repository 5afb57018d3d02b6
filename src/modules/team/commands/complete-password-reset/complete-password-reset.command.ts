import { Command } from '@nestjs/cqrs';

/** A reset link is used: the member's password becomes `newPassword`, every session ends. */
export class CompletePasswordResetCommand extends Command<void> {
  constructor(
    readonly token: string,
    readonly newPassword: string,
    /** Keyed hash of the client IP, for the per-client throttle. */
    readonly ipHash: string | undefined,
  ) {
    super();
  }
}
