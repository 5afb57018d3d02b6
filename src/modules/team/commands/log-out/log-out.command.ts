import { Command } from '@nestjs/cqrs';

/** Ends the session the request was made with. */
export class LogOutCommand extends Command<void> {
  constructor(
    readonly memberId: string,
    readonly sessionId: string,
  ) {
    super();
  }
}
