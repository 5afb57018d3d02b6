import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { CredentialsRepository } from '#src/modules/team/auth/credentials.repository.js';
import { PasswordHasher } from '#src/modules/team/auth/password-hasher.js';
import { SessionsRepository } from '#src/modules/team/auth/sessions.repository.js';
import {
  MEMBER_STREAM_TYPE,
  MemberEvents,
  memberStream,
  type MemberPasswordChangedData,
} from '#src/modules/team/domain/member.events.js';
import { MembersRepository } from '#src/modules/team/domain/members.repository.js';
import { generateOneTimePassword } from '#src/modules/team/domain/password-policy.js';
import { ResetPasswordCommand } from './reset-password.command.js';

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    private readonly members: MembersRepository,
    private readonly credentials: CredentialsRepository,
    private readonly sessions: SessionsRepository,
    private readonly hasher: PasswordHasher,
    private readonly eventStore: EventStore,
  ) {}

  async execute({ memberId }: ResetPasswordCommand): Promise<{ oneTimePassword: string }> {
    const oneTimePassword = generateOneTimePassword();
    const hash = await this.hasher.hash(oneTimePassword);
    await this.members.changeTeam(async (db) => {
      const member = await this.members.get(memberId, db);
      await this.credentials.save(memberId, hash, true, db);
      await this.sessions.endAllOf(memberId, 'password_changed', db);
      const data: MemberPasswordChangedData = { memberId, how: 'reset' };
      await this.eventStore.append(
        memberStream(memberId),
        member.version,
        [{ type: MemberEvents.MemberPasswordChanged, data }],
        { streamType: MEMBER_STREAM_TYPE },
        db,
      );
    });
    return { oneTimePassword };
  }
}
