import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
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
import { passwordWeakness } from '#src/modules/team/domain/password-policy.js';
import { MemberStreamRepository } from '#src/modules/team/infrastructure/member-stream.repository.js';
import { ChangePasswordCommand } from './change-password.command.js';

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly credentials: CredentialsRepository,
    private readonly memberStreams: MemberStreamRepository,
    private readonly sessions: SessionsRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute(command: ChangePasswordCommand): Promise<void> {
    const { memberId, sessionId, currentPassword, newPassword } = command;
    const stored = await this.credentials.find(memberId);
    const { state } = await this.memberStreams.load(memberId);
    if (!stored || !state.exists) throw new MemberNotFoundError();
    const weakness = passwordWeakness(newPassword, state.profile?.email ?? '');
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
    await this.memberStreams.changeTeam(async (db) => {
      await this.memberStreams.change(memberId, { type: 'ChangePassword', how: 'self' }, db);
      await this.credentials.save(memberId, hash, false, db);
      await this.sessions.endAllOf(memberId, 'password_changed', db, sessionId);
    });
  }
}
