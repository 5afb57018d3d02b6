import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Interval } from '@nestjs/schedule';
import { EraseLeadCommand } from '#src/modules/leads/commands/erase-lead/erase-lead.command.js';
import {
  isCustomerServiceLead,
  LEAD_RETENTION_STREAM_ID,
  LEAD_RETENTION_STREAM_TYPE,
  type LeadRetentionApplied,
  retentionCutoffs,
} from '#src/modules/leads/domain/lead-retention.js';
import { LeadReader } from '#src/modules/leads/queries/lead.reader.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { ScheduledJobs } from '#src/platform/scheduling/scheduled-jobs.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Data protection, daily: erases quote leads 2 years after their last activity and contact-form
 * leads 1 year after the last contact (docs/product.md), through the same erasure as the admin's
 * permanent delete, and records each run with its counts.
 */
@Injectable()
export class LeadRetentionJob implements OnApplicationBootstrap {
  private readonly logger = new Logger(LeadRetentionJob.name);
  private running = false;

  constructor(
    private readonly leads: LeadReader,
    private readonly commandBus: CommandBus,
    private readonly eventStore: EventStore,
    private readonly jobs: ScheduledJobs,
  ) {}

  /**
   * Also at start, before the app serves: a server restarted more often than daily would
   * otherwise never erase, and the run's record then comes before anything the app is asked to do.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.runScheduled();
  }

  /**
   * Looks every hour and runs once a day (across instances and restarts): a daily timer alone
   * restarts its count with every start of the app.
   */
  @Interval(HOUR_MS)
  async runScheduled(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.jobs.runOnce('lead-retention', DAY_MS, async () => {
        await this.apply();
      });
    } catch (error) {
      this.logger.error(`lead retention failed: ${(error as Error).message}`);
    } finally {
      this.running = false;
    }
  }

  async apply(now = new Date()): Promise<LeadRetentionApplied['data']> {
    const cutoffs = retentionCutoffs(now);
    const outlived = await this.leads.outlivedRetention(cutoffs);
    let quoteLeadsErased = 0;
    let contactLeadsErased = 0;
    for (const lead of outlived) {
      await this.commandBus.execute(new EraseLeadCommand(lead.id, undefined, 'retention'));
      if (isCustomerServiceLead(lead.source)) contactLeadsErased += 1;
      else quoteLeadsErased += 1;
    }
    const data = {
      quoteCutoff: cutoffs.quote.toISOString(),
      contactCutoff: cutoffs.contact.toISOString(),
      quoteLeadsErased,
      contactLeadsErased,
    };
    const event: LeadRetentionApplied = { type: 'LeadRetentionApplied', data };
    await this.eventStore.append(LEAD_RETENTION_STREAM_ID, 'any', [event], {
      streamType: LEAD_RETENTION_STREAM_TYPE,
    });
    if (outlived.length > 0)
      this.logger.log(
        `erased ${quoteLeadsErased} quote leads and ${contactLeadsErased} contact messages past retention`,
      );
    return data;
  }
}
