import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EventStore } from '#src/platform/event-store/event-store.js';
import {
  BackgroundPacer,
  BUSY_RUN_INTERVAL_MS,
  RequestPressure,
} from '#src/platform/scheduling/request-pressure.js';
import { LoopWorker } from '#src/platform/scheduling/loop-worker.js';
import { WorkLoop } from '#src/platform/scheduling/work-loop.js';
import { leadIdFromStream, leadStreamId } from '#src/modules/leads/index.js';
import { MailDeliveryWorker } from '#src/modules/mail/delivery/mail-delivery-worker.js';
import { MailConversationRepository } from '#src/modules/mail/infrastructure/mail-conversation.repository.js';
import { type IntakeMail, IntakeMailPolicy } from './intake-mail.policy.js';
import { PendingIntakeMail } from './pending-intake-mail.js';

const BATCH_SIZE = 200;
/** Longer than rendering and appending a batch can take; a dead worker's rows return after it. */
const LEASE_MS = 60_000;
/** Safety net: pending leads are found within this long even without a wake-up. */
const POLL_INTERVAL_MS = 1_000;

/**
 * Queues the intake e-mails of new leads after their creation has committed. The transaction
 * that creates a lead only marks it pending (one statement per group-committed batch), so the
 * public write does not wait for e-mails to be rendered, sealed and appended; the mark commits
 * with the lead, so a crash loses none, and the e-mails' fixed ids store each of them once.
 */
@Injectable()
export class IntakeMailWorker extends LoopWorker implements OnModuleInit {
  private readonly logger = new Logger('IntakeMail');
  protected readonly loop: WorkLoop;
  private markedSinceWake = false;

  constructor(
    private readonly eventStore: EventStore,
    private readonly policy: IntakeMailPolicy,
    private readonly pending: PendingIntakeMail,
    private readonly conversations: MailConversationRepository,
    private readonly delivery: MailDeliveryWorker,
    requests: RequestPressure,
  ) {
    super();
    this.loop = new WorkLoop(() => this.queueAll(), POLL_INTERVAL_MS, {
      pacer: new BackgroundPacer(requests),
      minIntervalMs: BUSY_RUN_INTERVAL_MS,
    });
  }

  onModuleInit(): void {
    this.eventStore.registerInlineHandler(['LeadCreated'], async (events, db) => {
      const marks = events
        .filter((event) => event.personalData && this.policy.applies(event))
        .map((event) => ({ leadEventId: event.eventId, leadId: leadIdFromStream(event.streamId) }));
      if (marks.length === 0) return;
      await this.pending.add(marks, db);
      this.markedSinceWake = true;
    });
    this.eventStore.registerInlineHandler(['LeadErased'], (events, db) =>
      this.pending.forgetLeads(
        events.map((event) => leadIdFromStream(event.streamId)),
        db,
      ),
    );
    this.eventStore.onCommitted(() => {
      if (!this.markedSinceWake) return;
      this.markedSinceWake = false;
      this.wake();
    });
  }

  /** Looks for pending leads now instead of at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  /** Resolves once the e-mails of every lead pending now are queued (tests wait on it). */
  async drain(): Promise<void> {
    await this.loop.idle();
    await this.queueAll();
    // A wake-up may have started a run that holds some of the rows meanwhile.
    await this.loop.idle();
  }

  private async queueAll(): Promise<void> {
    try {
      while ((await this.queueBatch()) === BATCH_SIZE);
    } catch (error) {
      this.logger.error(`intake e-mails not queued for now: ${(error as Error).message}`);
    }
  }

  /** Claims, renders and appends one batch; answers how many leads it claimed. */
  private async queueBatch(): Promise<number> {
    const claimed = await this.pending.claim(BATCH_SIZE, LEASE_MS);
    if (claimed.length === 0) return 0;
    // Concurrent whole-stream reads share one query; no transaction is open while they run.
    const streams = await Promise.all(
      claimed.map(({ leadId }) => this.eventStore.readStream(leadStreamId(leadId))),
    );
    const mails = claimed.flatMap(({ leadEventId }, i): IntakeMail[] => {
      const created = streams[i].find((event) => event.eventId === leadEventId);
      const mail = created && this.policy.mailFor(created);
      return mail ? [mail] : [];
    });
    await this.eventStore.inTransaction(async (tx) => {
      if (mails.length > 0) await this.conversations.appendMany(mails, tx);
      await this.pending.remove(
        claimed.map((c) => c.leadEventId),
        tx,
      );
    });
    if (mails.length > 0) this.delivery.wake();
    return claimed.length;
  }
}
