import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { NewEvent } from '#src/platform/event-store/event-store.types.js';
import { RequestContext } from '#src/platform/http/request-context.js';
import { EmailTakenError } from '#src/modules/team/domain/member.errors.js';
import {
  MEMBER_STREAM_TYPE,
  MemberEvents,
  memberStream,
  memberSubject,
  type MemberRoleChangedData,
} from '#src/modules/team/domain/member.events.js';
import { MembersRepository } from '#src/modules/team/domain/members.repository.js';
import { normalizeProfile } from '#src/modules/team/domain/profile.js';
import { assertAdminRightsKept } from '#src/modules/team/domain/team-rules.js';
import { ChangeMemberCommand } from './change-member.command.js';

@CommandHandler(ChangeMemberCommand)
export class ChangeMemberHandler implements ICommandHandler<ChangeMemberCommand> {
  constructor(
    private readonly members: MembersRepository,
    private readonly eventStore: EventStore,
  ) {}

  async execute({ memberId, input }: ChangeMemberCommand): Promise<{ version: number }> {
    return this.members.changeTeam(async (db) => {
      const member = await this.members.get(memberId, db);
      const events: NewEvent[] = [];
      if (input.profile) {
        const profile = normalizeProfile(input.profile);
        const changed =
          profile.firstName !== member.firstName ||
          profile.lastName !== member.lastName ||
          profile.email !== member.email;
        if (profile.email !== member.email) {
          const holder = await this.members.findByEmail(profile.email, db);
          if (holder && holder.id !== memberId) throw new EmailTakenError();
        }
        if (changed) {
          events.push({
            type: MemberEvents.MemberProfileChanged,
            data: { memberId },
            personalData: { ...profile },
          });
        }
      }
      if (input.role && input.role !== member.role) {
        assertAdminRightsKept({
          actorId: RequestContext.current()?.actor.id ?? null,
          target: member,
          nextRole: input.role,
          activeAdmins: await this.members.countActiveAdmins(db),
        });
        const data: MemberRoleChangedData = {
          memberId,
          role: input.role,
          previousRole: member.role,
        };
        events.push({ type: MemberEvents.MemberRoleChanged, data });
      }
      if (events.length === 0) return { version: member.version };
      const { nextVersion } = await this.eventStore.append(
        memberStream(memberId),
        input.expectedVersion ?? member.version,
        events,
        { streamType: MEMBER_STREAM_TYPE, subjectId: memberSubject(memberId) },
        db,
      );
      return { version: nextVersion };
    });
  }
}
