import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { SessionsRepository } from '#src/modules/team/auth/sessions.repository.js';
import {
  AUTH_STREAM_TYPE,
  authStream,
  MemberEvents,
} from '#src/modules/team/domain/member.events.js';
import { LogOutCommand } from './log-out.command.js';

@CommandHandler(LogOutCommand)
export class LogOutHandler implements ICommandHandler<LogOutCommand> {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly eventStore: EventStore,
  ) {}

  async execute({ memberId, sessionId }: LogOutCommand): Promise<void> {
    await this.eventStore.inTransaction(async (db) => {
      if (!(await this.sessions.end(sessionId, 'logout', db))) return;
      await this.eventStore.append(
        authStream(memberId),
        'any',
        [{ type: MemberEvents.MemberLoggedOut, data: { memberId, sessionId } }],
        { streamType: AUTH_STREAM_TYPE },
        db,
      );
    });
  }
}
