import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RequestContext } from '#src/platform/http/request-context.js';
import { SessionsRepository } from '#src/modules/team/auth/sessions.repository.js';
import { MemberStreamRepository } from '#src/modules/team/infrastructure/member-stream.repository.js';
import { SetMemberActiveCommand } from './set-member-active.command.js';

@CommandHandler(SetMemberActiveCommand)
export class SetMemberActiveHandler implements ICommandHandler<SetMemberActiveCommand> {
  constructor(
    private readonly memberStreams: MemberStreamRepository,
    private readonly sessions: SessionsRepository,
  ) {}

  async execute({ memberId, active }: SetMemberActiveCommand): Promise<{ version: number }> {
    return this.memberStreams.changeTeam(async (db) => {
      const actorId = RequestContext.current()?.actor.id ?? null;
      const team = await this.memberStreams.teamFacts(db, actorId);
      const { events, version } = await this.memberStreams.change(
        memberId,
        { type: 'SetMemberActive', active, team },
        db,
      );
      if (events.some((event) => event.type === 'MemberDeactivated')) {
        await this.sessions.endAllOf(memberId, 'deactivated', db);
      }
      return { version };
    });
  }
}
