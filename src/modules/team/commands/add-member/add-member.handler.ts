import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { CredentialsRepository } from '#src/modules/team/auth/credentials.repository.js';
import { PasswordHasher } from '#src/modules/team/auth/password-hasher.js';
import { EmailTakenError } from '#src/modules/team/domain/member.errors.js';
import {
  MEMBER_STREAM_TYPE,
  MemberEvents,
  memberStream,
  memberSubject,
  type MemberAddedData,
} from '#src/modules/team/domain/member.events.js';
import { MembersRepository } from '#src/modules/team/domain/members.repository.js';
import { generateOneTimePassword } from '#src/modules/team/domain/password-policy.js';
import { normalizeProfile } from '#src/modules/team/domain/profile.js';
import { AddMemberCommand, type AddMemberResult } from './add-member.command.js';

@CommandHandler(AddMemberCommand)
export class AddMemberHandler implements ICommandHandler<AddMemberCommand> {
  constructor(
    private readonly members: MembersRepository,
    private readonly credentials: CredentialsRepository,
    private readonly hasher: PasswordHasher,
    private readonly eventStore: EventStore,
  ) {}

  async execute(command: AddMemberCommand): Promise<AddMemberResult> {
    const profile = normalizeProfile(command.profile);
    const oneTimePassword = command.password ? null : generateOneTimePassword();
    // Hash outside the lock: it is the slow part and needs nothing from the database.
    const hash = await this.hasher.hash(command.password ?? oneTimePassword!);
    const memberId = randomUUID();
    await this.members.changeTeam(async (db) => {
      if (await this.members.findByEmail(profile.email, db)) throw new EmailTakenError();
      await this.credentials.save(memberId, hash, oneTimePassword !== null, db);
      const data: MemberAddedData = { memberId, role: command.role };
      await this.eventStore.append(
        memberStream(memberId),
        'no_stream',
        [{ type: MemberEvents.MemberAdded, data, personalData: { ...profile } }],
        { streamType: MEMBER_STREAM_TYPE, subjectId: memberSubject(memberId) },
        db,
      );
    });
    return { memberId, oneTimePassword };
  }
}
