import { Command } from '@nestjs/cqrs';

/** An admin issues a new one-time password; every session of the member ends. */
export class ResetPasswordCommand extends Command<{ oneTimePassword: string }> {
  constructor(readonly memberId: string) {
    super();
  }
}
