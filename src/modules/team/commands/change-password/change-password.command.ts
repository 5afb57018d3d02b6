import { Command } from '@nestjs/cqrs';

/** A member changes their own password; their other sessions end. */
export class ChangePasswordCommand extends Command<void> {
  constructor(
    readonly memberId: string,
    readonly sessionId: string,
    readonly currentPassword: string,
    readonly newPassword: string,
  ) {
    super();
  }
}
