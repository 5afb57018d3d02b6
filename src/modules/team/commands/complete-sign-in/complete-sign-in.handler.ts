import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { LoginAnswer } from '#src/contract/team.js';
import { Refusal } from '#src/platform/domain/refusal.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { LoginFailures } from '#src/modules/team/auth/login-failures.js';
import { LoginThrottle } from '#src/modules/team/auth/login-throttle.js';
import { SecondFactors } from '#src/modules/team/auth/second-factors.js';
import { actorIs, SessionOpener } from '#src/modules/team/auth/session-opener.js';
import { SignInChallenges } from '#src/modules/team/auth/sign-in-challenges.js';
import { SignInChallengeError } from '#src/modules/team/domain/member.errors.js';
import { MemberStreamRepository } from '#src/modules/team/infrastructure/member-stream.repository.js';
import { MembersReader } from '#src/modules/team/queries/members.reader.js';
import { CompleteSignInCommand } from './complete-sign-in.command.js';

export const INVALID_CODE = 'Invalid code';

@CommandHandler(CompleteSignInCommand)
export class CompleteSignInHandler implements ICommandHandler<CompleteSignInCommand> {
  constructor(
    private readonly challenges: SignInChallenges,
    private readonly members: MembersReader,
    private readonly throttle: LoginThrottle,
    private readonly failures: LoginFailures,
    private readonly secondFactors: SecondFactors,
    private readonly memberStreams: MemberStreamRepository,
    private readonly eventStore: EventStore,
    private readonly sessions: SessionOpener,
  ) {}

  async execute({ challenge, proof, ipHash }: CompleteSignInCommand): Promise<LoginAnswer> {
    const member = await this.members.find(this.challenges.memberOf(challenge));
    const factor = member?.isActive ? await this.secondFactors.find(member.id) : null;
    if (!member || !factor?.confirmed) throw new SignInChallengeError();
    // The same allowance as the password's: guessing codes is guessing a sign-in.
    const attempt = await this.throttle.begin(this.throttle.keysFor(member.email, ipHash));
    const accepted = await this.eventStore.inTransaction(async (db) => {
      if ('code' in proof) return this.secondFactors.acceptCode(member.id, proof.code, db);
      const remaining = await this.secondFactors.useRecoveryCode(member.id, proof.recoveryCode, db);
      if (remaining === null) return false;
      await this.memberStreams.change(
        member.id,
        { type: 'UseRecoveryCode', remaining },
        db,
        undefined,
        actorIs(member),
      );
      return true;
    });
    if (!accepted) {
      await this.failures.record(member.email, member, 'wrong_code');
      throw new Refusal('unauthorized', INVALID_CODE);
    }
    await this.throttle.withdraw(attempt);
    return this.sessions.open(member);
  }
}
