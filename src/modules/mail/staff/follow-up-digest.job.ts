import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '#src/config/config.module.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { LeadReader } from '#src/modules/leads/index.js';
import { MailDeliveryWorker } from '#src/modules/mail/delivery/mail-delivery-worker.js';
import { MailOutbox } from '#src/modules/mail/delivery/mail-outbox.js';
import { uuidFrom } from '#src/modules/mail/infrastructure/mail-conversation.repository.js';
import { digestDayAt } from './digest-day.js';

/** How often the job looks whether the morning's digests are due. */
const CHECK_INTERVAL_MS = 60_000;

/**
 * Each morning, from FOLLOW_UP_DIGEST_HOUR in Finland, each owner of follow-ups due that day or
 * overdue gets one e-mail listing them. A member's digest of a day is claimed by a row in
 * `follow_up_digests`, inserted in the same transaction as its outbox row: whichever instance
 * runs first queues it, and no instance ever queues it twice. An instance started later in the
 * day catches up at start.
 */
@Injectable()
export class FollowUpDigestJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('FollowUpDigest');
  private readonly hour: number;
  /** The last day this instance queued for: it looks once a day, not once a minute. */
  private queuedDay: string | null = null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly eventStore: EventStore,
    private readonly leads: LeadReader,
    private readonly outbox: MailOutbox,
    private readonly delivery: MailDeliveryWorker,
  ) {
    this.hour = config.FOLLOW_UP_DIGEST_HOUR;
  }

  onApplicationBootstrap(): void {
    void this.runScheduled();
  }

  @Interval(CHECK_INTERVAL_MS)
  async runScheduled(): Promise<void> {
    const day = digestDayAt(new Date(), this.hour);
    if (!day || day === this.queuedDay) return;
    try {
      const queued = await this.queueDigests(day);
      this.queuedDay = day;
      if (queued > 0) this.logger.log(`queued ${queued} follow-up digests for ${day}`);
    } catch (error) {
      this.logger.warn(`follow-up digests not queued for now: ${(error as Error).message}`);
    }
  }

  /** Queues the digest of `day` for each owner with follow-ups due who has none yet; answers how many. */
  async queueDigests(day: string): Promise<number> {
    const due = await this.leads.followUpsDue(day);
    const owners = [...new Set(due.flatMap((lead) => (lead.ownerId ? [lead.ownerId] : [])))];
    if (owners.length === 0) return 0;
    const claimed = await this.eventStore.inTransaction(async (db) => {
      const { rows } = await db.query<{ member_id: string }>(
        `insert into follow_up_digests (member_id, day)
         select unnest($1::uuid[]), $2::date
         on conflict do nothing returning member_id`,
        [owners, day],
      );
      const memberIds = rows.map((row) => row.member_id);
      await this.outbox.queueStaffMail(
        memberIds.map((memberId) => ({
          messageId: uuidFrom(`follow-up-digest:${memberId}:${day}`),
          memberId,
          mail: { kind: 'follow_up_digest', day },
        })),
        db,
      );
      return memberIds.length;
    });
    if (claimed > 0) this.delivery.wake();
    return claimed;
  }
}
