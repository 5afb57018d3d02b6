import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { RequestContext } from '#src/platform/http/request-context.js';
import { SessionsRepository } from '#src/modules/team/auth/sessions.repository.js';
import {
  MEMBER_STREAM_TYPE,
  MemberEvents,
  memberStream,
} from '#src/modules/team/domain/member.events.js';
import { MembersRepository } from '#src/modules/team/domain/members.repository.js';
import { assertAdminRightsKept } from '#src/modules/team/domain/team-rules.js';
import { SetMemberActiveCommand } from './set-member-active.command.js';

@CommandHandler(SetMemberActiveCommand)
export class SetMemberActiveHandler implements ICommandHandler<SetMemberActiveCommand> {
  constructor(
    private readonly members: MembersRepository,
    private readonly sessions: SessionsRepository,
    private readonly eventStore: EventStore,
  ) {}

  async execute({ memberId, active }: SetMemberActiveCommand): Promise<{ version: number }> {
    return this.members.changeTeam(async (db) => {
      const member = await this.members.get(memberId, db);
      if (member.isActive === active) return { version: member.version };
      if (!active) {
        assertAdminRightsKept({
          actorId: RequestContext.current()?.actor.id ?? null,
          target: member,
          nextRole: null,
          activeAdmins: await this.members.countActiveAdmins(db),
        });
        await this.sessions.endAllOf(memberId, 'deactivated', db);
      }
      const type = active ? MemberEvents.MemberReactivated : MemberEvents.MemberDeactivated;
      const { nextVersion } = await this.eventStore.append(
        memberStream(memberId),
        member.version,
        [{ type, data: { memberId } }],
        { streamType: MEMBER_STREAM_TYPE },
        db,
      );
      return { version: nextVersion };
    });
  }
}
