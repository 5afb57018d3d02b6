import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { CredentialsRepository } from '#src/modules/team/auth/credentials.repository.js';
import { LOGIN_ATTEMPTS_PER_MINUTE, LoginThrottle } from '#src/modules/team/auth/login-throttle.js';
import { PasswordHasher } from '#src/modules/team/auth/password-hasher.js';
import { SessionsRepository } from '#src/modules/team/auth/sessions.repository.js';
import {
  MemberNotFoundError,
  SamePasswordError,
  WeakPasswordError,
  WrongCurrentPasswordError,
} from '#src/modules/team/domain/member.errors.js';
import { MembersRepository } from '#src/modules/team/domain/members.repository.js';
import { passwordWeakness } from '#src/modules/team/domain/password-policy.js';
import {
  MEMBER_STREAM_TYPE,
  MemberEvents,
  memberStream,
  type MemberPasswordChangedData,
} from '#src/modules/team/domain/member.events.js';
import { ChangePasswordCommand } from './change-password.command.js';

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly credentials: CredentialsRepository,
    private readonly members: MembersRepository,
    private readonly sessions: SessionsRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly eventStore: EventStore,
  ) {}

  async execute(command: ChangePasswordCommand): Promise<void> {
    const { memberId, sessionId, currentPassword, newPassword } = command;
    const stored = await this.credentials.find(memberId);
    if (!stored) throw new MemberNotFoundError();
    const weakness = passwordWeakness(newPassword, (await this.members.get(memberId)).email);
    if (weakness) throw new WeakPasswordError('newPassword', weakness);
    // A stolen session must not become a way to guess the password at full speed.
    const attempt = await this.throttle.begin([
      { key: `password-change:${memberId}`, limit: LOGIN_ATTEMPTS_PER_MINUTE },
    ]);
    if (!(await this.hasher.verify(stored.passwordHash, currentPassword))) {
      throw new WrongCurrentPasswordError();
    }
    await this.throttle.withdraw(attempt);
    if (newPassword === currentPassword) throw new SamePasswordError();
    const hash = await this.hasher.hash(newPassword);
    await this.eventStore.inTransaction(async (db) => {
      await this.credentials.save(memberId, hash, false, db);
      await this.sessions.endAllOf(memberId, 'password_changed', db, sessionId);
      const data: MemberPasswordChangedData = { memberId, how: 'self' };
      await this.eventStore.append(
        memberStream(memberId),
        'any',
        [{ type: MemberEvents.MemberPasswordChanged, data }],
        { streamType: MEMBER_STREAM_TYPE },
        db,
      );
    });
  }
}
