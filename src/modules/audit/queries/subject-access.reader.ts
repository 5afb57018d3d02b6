import { Injectable } from '@nestjs/common';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { HistoryEntry } from '#src/contract/lead-history.js';
import type { SubjectHistoryEntry, SubjectLead } from '#src/contract/subject-access.js';
import {
  type LeadCreated,
  LeadReader,
  leadStreamId,
  visitorIdOf,
} from '#src/modules/leads/index.js';
import { ConversationReader } from '#src/modules/mail/index.js';
import {
  type VisitorVisualization,
  VisitorVisualizationsReader,
} from '#src/modules/visualizer/index.js';
import { LeadHistoryReader } from './lead-history.reader.js';

/** What the product holds about one person, before it is packed for the download. */
export interface SubjectAccessFindings {
  leads: SubjectLead[];
  visualizations: VisitorVisualization[];
}

/**
 * Gathers everything held about the person with one e-mail address: their leads (quotes,
 * contact messages and staff-made leads, the bin's included), each lead's history and mail
 * conversation, and the visualizations of the visitor a quote came from. Staff appear by role
 * only: the export is about the person, and nothing of anyone else goes in
 * (docs/decisions/0113-right-of-access-export.md).
 */
@Injectable()
export class SubjectAccessReader {
  constructor(
    private readonly leads: LeadReader,
    private readonly histories: LeadHistoryReader,
    private readonly conversations: ConversationReader,
    private readonly visualizations: VisitorVisualizationsReader,
    private readonly eventStore: EventStore,
  ) {}

  async find(email: string): Promise<SubjectAccessFindings> {
    const views = await this.leads.ofEmail(email);
    const leads: SubjectLead[] = [];
    const visitorIds = new Set<string>();
    for (const view of views) {
      const [history, emails, visitorId] = await Promise.all([
        this.histories.history(view.id),
        this.conversations.conversation(view.id),
        this.visitorOf(view.id),
      ]);
      if (visitorId) visitorIds.add(visitorId);
      const { ownerId, version, ...lead } = view;
      leads.push({
        lead,
        history: history.map(withoutStaff),
        emails: emails.map(({ byName, ...message }) => message),
      });
    }
    const visualizations: VisitorVisualization[] = [];
    for (const visitorId of visitorIds) {
      visualizations.push(...(await this.visualizations.of(visitorId)));
    }
    return { leads, visualizations };
  }

  /** The anonymous visitor a quote came from, as its creation recorded it. */
  private async visitorOf(leadId: string): Promise<string | null> {
    const [created] = await this.eventStore.readStream(leadStreamId(leadId));
    return created ? visitorIdOf(created as unknown as LeadCreated) : null;
  }
}

/** An entry with the staff member's name and, for an owner change, who the owners were, left out. */
function withoutStaff(entry: HistoryEntry): SubjectHistoryEntry {
  return {
    type: entry.type,
    occurredAt: entry.occurredAt,
    actorRole: entry.actorRole,
    details: entry.type === 'LeadAssigned' ? {} : entry.details,
  };
}
