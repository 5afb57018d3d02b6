import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { MemberInactiveError } from '#src/modules/team/domain/member.errors.js';
import { recordRefusedAttempt } from '#src/modules/team/auth/refused-attempts.js';
import { LoginThrottle, TOO_MANY_RESETS_MESSAGE } from '#src/modules/team/auth/login-throttle.js';
import { PASSWORD_RESET_TTL_MS, PasswordResets } from '#src/modules/team/auth/password-resets.js';
import {
  MemberEvents,
  type PasswordResetRefusalReason,
  type PasswordResetRefusedData,
} from '#src/modules/team/domain/member.events.js';
import { MemberStreamRepository } from '#src/modules/team/infrastructure/member-stream.repository.js';
import { MembersReader, type TeamMember } from '#src/modules/team/queries/members.reader.js';
import { RequestPasswordResetCommand } from './request-password-reset.command.js';

/**
 * The least time an answer takes. Both paths write one event, but a sent link also writes its
 * reset row: the floor hides that difference (and the database's moods) behind the same wait.
 */
export const RESET_ANSWER_FLOOR_MS = 300;

@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand> {
  constructor(
    private readonly members: MembersReader,
    private readonly memberStreams: MemberStreamRepository,
    private readonly resets: PasswordResets,
    private readonly throttle: LoginThrottle,
    private readonly eventStore: EventStore,
  ) {}

  async execute({ email, ipHash }: RequestPasswordResetCommand): Promise<void> {
    const answerAt = performance.now() + RESET_ANSWER_FLOOR_MS;
    const normalized = email.trim().toLowerCase();
    // Every request counts (none is withdrawn): each one can send an e-mail.
    await this.throttle.begin(
      this.throttle.keysFor(normalized, ipHash, 'reset:'),
      TOO_MANY_RESETS_MESSAGE,
    );
    const member = await this.members.findByEmail(normalized);
    const sent = member?.isActive ? await this.sendLink(member) : false;
    if (!sent)
      await this.recordRefusal(normalized, member, member ? 'inactive' : 'unknown_account');
    await waitUntil(answerAt);
  }

  /** The reset row and the event commit together; the mail module queues the e-mail from the event. */
  private async sendLink(member: TeamMember): Promise<boolean> {
    const resetId = randomUUID();
    const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MS);
    try {
      await this.memberStreams.changeTeam(async (db) => {
        await this.memberStreams.change(
          member.id,
          { type: 'RequestPasswordReset', resetId, expiresAt: expiresAt.toISOString() },
          db,
        );
        await this.resets.create(resetId, member.id, expiresAt, db);
      });
      return true;
    } catch (error) {
      // Deactivated since it was looked up: answered like any account that gets no link.
      if (error instanceof MemberInactiveError) return false;
      throw error;
    }
  }

  private async recordRefusal(
    email: string,
    member: TeamMember | null,
    reason: PasswordResetRefusalReason,
  ): Promise<void> {
    const data: PasswordResetRefusedData = {
      emailHash: this.throttle.emailHash(email),
      memberId: member?.id ?? null,
      reason,
    };
    await recordRefusedAttempt(this.eventStore, MemberEvents.PasswordResetRefused, data);
  }
}

/** Timers may fire a little early, so wait again until the monotonic clock has passed the floor. */
async function waitUntil(answerAt: number): Promise<void> {
  for (let left = answerAt - performance.now(); left > 0; left = answerAt - performance.now())
    await sleep(Math.ceil(left));
}
