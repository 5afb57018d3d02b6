import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Refusal } from '#src/platform/domain/refusal.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { CredentialsRepository } from '#src/modules/team/auth/credentials.repository.js';
import { recordRefusedAttempt } from '#src/modules/team/auth/refused-attempts.js';
import { LoginThrottle } from '#src/modules/team/auth/login-throttle.js';
import { PasswordHasher } from '#src/modules/team/auth/password-hasher.js';
import { SessionsRepository } from '#src/modules/team/auth/sessions.repository.js';
import { TokenService } from '#src/modules/team/auth/token.service.js';
import {
  AUTH_STREAM_TYPE,
  authStream,
  type LoginFailedData,
  type LoginFailureReason,
  MemberEvents,
} from '#src/modules/team/domain/member.events.js';
import { MembersReader, type TeamMember } from '#src/modules/team/queries/members.reader.js';
import { LogInCommand, type LoginResult } from './log-in.command.js';

export const INVALID_CREDENTIALS = 'Invalid credentials';

@CommandHandler(LogInCommand)
export class LogInHandler implements ICommandHandler<LogInCommand> {
  constructor(
    private readonly members: MembersReader,
    private readonly credentials: CredentialsRepository,
    private readonly sessions: SessionsRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly tokens: TokenService,
    private readonly eventStore: EventStore,
  ) {}

  async execute({ email, password, ipHash }: LogInCommand): Promise<LoginResult> {
    const normalized = email.trim().toLowerCase();
    const keys = this.throttle.keysFor(normalized, ipHash);
    const attempt = await this.throttle.begin(keys);
    const member = await this.members.findByEmail(normalized);
    const stored = member ? await this.credentials.find(member.id) : null;
    // Always one argon2 verification, whether or not the account exists.
    const passwordOk = await this.hasher.verify(stored?.passwordHash ?? null, password);
    if (!member || !passwordOk || !member.isActive) {
      const reason: LoginFailureReason = !member
        ? 'unknown_account'
        : !passwordOk
          ? 'wrong_password'
          : 'inactive';
      await this.recordFailure(normalized, member, reason);
      throw new Refusal('unauthorized', INVALID_CREDENTIALS);
    }
    await this.throttle.withdraw(attempt);
    const sessionId = randomUUID();
    await this.eventStore.inTransaction(async (db) => {
      await this.sessions.start(sessionId, member.id, db);
      await this.eventStore.append(
        authStream(member.id),
        'any',
        [{ type: MemberEvents.MemberLoggedIn, data: { memberId: member.id, sessionId } }],
        { streamType: AUTH_STREAM_TYPE, metadata: actorIs(member) },
        db,
      );
    });
    return {
      success: true,
      token: this.tokens.issue({ sub: member.id, sid: sessionId }),
      user: {
        id: member.id,
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        role: member.role,
        mustChangePassword: stored!.mustChangePassword,
      },
    };
  }

  private async recordFailure(
    email: string,
    member: TeamMember | null,
    reason: LoginFailureReason,
  ): Promise<void> {
    const data: LoginFailedData = {
      emailHash: this.throttle.emailHash(email),
      memberId: member?.id ?? null,
      reason,
    };
    await recordRefusedAttempt(this.eventStore, MemberEvents.LoginFailed, data);
  }
}

/** A sign-in is done by the member themself, though the request is not authenticated yet. */
function actorIs(member: TeamMember) {
  return {
    actorId: member.id,
    actorName: `${member.firstName} ${member.lastName}`.trim(),
    actorRole: member.role,
  };
}
