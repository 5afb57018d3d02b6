import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/config.module.js';
import { SYSTEM_ACTOR } from '#src/platform/domain/actor.js';
import { LoopWorker } from '#src/platform/scheduling/loop-worker.js';
import { WorkLoop } from '#src/platform/scheduling/work-loop.js';
import { MailConversationRepository } from '#src/modules/mail/infrastructure/mail-conversation.repository.js';
import { type ClaimedEmail, MailOutbox } from './mail-outbox.js';
import { afterFailure, type RetryPolicy } from './retry-policy.js';
import { classifySendError, type OutgoingEmail, SmtpTransport } from './smtp-transport.js';
import { StaffMailComposer } from '#src/modules/mail/staff/staff-mail-composer.js';

/** Messages claimed and sent together. */
const BATCH_SIZE = 50;
/**
 * How long a claim keeps other workers away: longer than a batch can take with every message
 * running into the transport's timeouts.
 */
const LEASE_MS = 10 * 60_000;
/** Safety net: queued mail is found within this long even without a wake-up. */
const POLL_INTERVAL_MS = 1_000;

const SYSTEM_METADATA = {
  actorId: SYSTEM_ACTOR.id,
  actorName: SYSTEM_ACTOR.name,
  actorRole: SYSTEM_ACTOR.role,
};

/**
 * Delivers the outbox over SMTP. A batch is claimed under row locks for a lease, so another
 * instance's worker skips it; each outcome is then recorded as an event that removes the row.
 * A crash after sending and before recording sends that message again after the lease: the
 * Message-ID stays the message's own on every try, so a mail server or client can tell the
 * repeat from a new message.
 */
@Injectable()
export class MailDeliveryWorker extends LoopWorker {
  private readonly logger = new Logger('MailDelivery');
  private readonly policy: RetryPolicy;
  protected readonly loop = new WorkLoop(() => this.deliverDueLogged(), POLL_INTERVAL_MS);

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly outbox: MailOutbox,
    private readonly conversations: MailConversationRepository,
    private readonly transport: SmtpTransport,
    private readonly staffMail: StaffMailComposer,
  ) {
    super();
    this.policy = { baseDelayMs: config.MAIL_RETRY_BASE_MS, maxAttempts: config.MAIL_MAX_ATTEMPTS };
  }

  protected override shouldStart(): boolean {
    if (!this.transport.configured)
      this.logger.warn('SMTP_URL is not set: e-mails stay queued until it is configured');
    return this.transport.configured;
  }

  /** Looks at the outbox now instead of at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  private async deliverDueLogged(): Promise<void> {
    try {
      await this.deliverDue();
    } catch (error) {
      this.logger.error(`mail delivery stopped for now: ${(error as Error).message}`);
    }
  }

  /**
   * Claims and sends batch after batch until the outbox has nothing due. A batch's outcomes are
   * recorded while the next batch is with the mail server, so neither waits for the other.
   */
  private async deliverDue(): Promise<void> {
    let recording: Promise<void> = Promise.resolve();
    try {
      for (;;) {
        const claimed = this.loop.started ? await this.outbox.claimDue(BATCH_SIZE, LEASE_MS) : [];
        if (claimed.length === 0) return;
        const outcomes = await Promise.all(claimed.map((email) => this.trySend(email)));
        await recording;
        // Outcomes are appended like any other change (group-committed), each removing its
        // outbox row in its own transaction: no transaction is held open while the mail
        // server answers.
        recording = Promise.all(claimed.map((email, i) => this.record(email, outcomes[i]))).then(
          () => undefined,
        );
        if (claimed.length < BATCH_SIZE) return;
      }
    } finally {
      await recording;
    }
  }

  private async trySend(email: ClaimedEmail): Promise<SendOutcome> {
    try {
      const outgoing = await this.outgoing(email);
      if (!outgoing) return 'nothing_to_send';
      return { smtpMessageId: await this.transport.send(outgoing) };
    } catch (error) {
      return { error };
    }
  }

  /** The message as it goes out, or null when nothing is left to send. */
  private async outgoing(email: ClaimedEmail): Promise<OutgoingEmail | null> {
    if (email.recipient === 'member') return this.staffMail.compose(email);
    if (!email.content) return null;
    return {
      headerMessageId: email.data.headerMessageId,
      replyTo: email.data.replyTo,
      inReplyTo: email.data.inReplyTo,
      references: email.data.references,
      ...email.content,
    };
  }

  private async record(email: ClaimedEmail, outcome: SendOutcome): Promise<void> {
    const attempts = email.attempts + 1;
    if (outcome === 'nothing_to_send') {
      await this.outbox.remove(email.messageId);
      return;
    }
    if ('smtpMessageId' in outcome) {
      await this.recordSettled(
        email,
        { kind: 'delivered', smtpMessageId: outcome.smtpMessageId },
        attempts,
      );
      return;
    }
    const failure = classifySendError(outcome.error);
    const next = afterFailure(failure, attempts, this.policy);
    if (next.kind === 'retry') {
      this.logger.warn(
        `e-mail ${email.messageId} not delivered (try ${attempts}): ${failure.reason}`,
      );
      await this.outbox.reschedule(email.messageId, attempts, next.delayMs, failure.reason);
      return;
    }
    this.logger.warn(`e-mail ${email.messageId} failed after ${attempts} tries: ${next.reason}`);
    await this.recordSettled(email, { kind: 'failed', reason: next.reason }, attempts);
  }

  /**
   * A lead's e-mail settles with an event on its conversation, which removes the outbox row. A
   * staff e-mail has no conversation: its row goes, and the log says how it ended.
   */
  private async recordSettled(
    email: ClaimedEmail,
    settled: { kind: 'delivered'; smtpMessageId: string } | { kind: 'failed'; reason: string },
    attempts: number,
  ): Promise<void> {
    if (email.recipient === 'member') {
      await this.outbox.remove(email.messageId);
      if (settled.kind === 'delivered') {
        this.logger.log(`staff e-mail ${email.messageId} (${email.mail.kind}) delivered`);
      }
      return;
    }
    await this.conversations.recordOutcome(
      email.leadId,
      settled.kind === 'delivered'
        ? {
            type: 'RecordDelivery',
            messageId: email.messageId,
            smtpMessageId: settled.smtpMessageId,
            attempts,
          }
        : {
            type: 'RecordDeliveryFailure',
            messageId: email.messageId,
            reason: settled.reason,
            attempts,
          },
      SYSTEM_METADATA,
    );
  }
}

type SendOutcome = { smtpMessageId: string } | { error: unknown } | 'nothing_to_send';
