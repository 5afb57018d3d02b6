import { Command } from '@nestjs/cqrs';

/**
 * Someone asks for a reset link for an e-mail. A member's active account gets one by e-mail;
 * the answer is the same whoever asks, so it never tells whether an account exists.
 */
export class RequestPasswordResetCommand extends Command<void> {
  constructor(
    readonly email: string,
    /** Keyed hash of the client IP, for the per-client throttle. */
    readonly ipHash: string | undefined,
  ) {
    super();
  }
}
