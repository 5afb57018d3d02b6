/** The audit log's vocabulary, shared by the server and the admin app. */

import type { ReportBuild } from './reports.js';

export const AUDIT_SORTS = [
  '-occurredAt',
  'occurredAt',
  'actorName',
  '-actorName',
  'action',
  '-action',
] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

export const AUDIT_PAGE_SIZE_MAX = 100;
/** Matching rows are counted up to this many; beyond it the page says "more than". */
export const AUDIT_COUNT_LIMIT = 10_000;

export type AuditTargetKind = 'lead' | 'member' | 'column';

export interface AuditEntryView {
  /** The event's position in the log: unique and stable across rebuilds. */
  id: number;
  occurredAt: string;
  eventType: string;
  action: string;
  actor: { id: string | null; name: string; role: string };
  target: { kind: AuditTargetKind; id: string; label: string } | null;
  sentence: string;
}

export interface AuditPage {
  items: AuditEntryView[];
  /** Rows matching the filters, counted up to AUDIT_COUNT_LIMIT. */
  total: number;
  /** True when more rows match than were counted. */
  totalIsLowerBound: boolean;
  page: number;
  pageSize: number;
  /**
   * Present while the audit log is being built (at first start, or after its code changed):
   * there are no rows to show until it is done.
   */
  build?: ReportBuild;
}

/** Filters as query parameters of `GET /api/admin/activity` and its CSV export. */
export interface AuditFilter {
  actorId?: string;
  type?: string;
  leadId?: string;
  memberId?: string;
  /** ISO date-times; `from` inclusive, `to` exclusive. */
  from?: string;
  to?: string;
  /** Free text over the sentence. */
  q?: string;
}

/** A team member as the audit log knows them: who can be picked as the actor filter. */
export interface AuditActor {
  id: string;
  name: string;
}

/** The action label of each event type the audit log tells in its own words. */
export const AUDIT_ACTIONS: Readonly<Record<string, string>> = {
  LeadCreated: 'Created lead',
  LeadDetailsChanged: 'Edited lead',
  LeadStatusChanged: 'Moved lead',
  LeadNotesChanged: 'Changed notes',
  LeadTrashed: 'Trashed lead',
  LeadRestored: 'Restored lead',
  LeadErased: 'Erased lead',
  LeadAssigned: 'Assigned lead',
  FollowUpScheduled: 'Set follow-up',
  FollowUpDone: 'Follow-up done',
  LeadLinkedAsDuplicate: 'Linked duplicate',
  LeadMerged: 'Merged lead',
  LeadAbsorbed: 'Absorbed lead',
  LeadDetailsViewed: 'Opened lead',
  PersonalDataExported: 'Exported personal data',
  PipelineColumnAdded: 'Added column',
  PipelineColumnRenamed: 'Renamed column',
  PipelineColumnRecolored: 'Recolored column',
  PipelineColumnRemoved: 'Removed column',
  MemberAdded: 'Added member',
  MemberProfileChanged: 'Changed profile',
  MemberRoleChanged: 'Changed role',
  MemberDeactivated: 'Deactivated member',
  MemberReactivated: 'Reactivated member',
  MemberPasswordChanged: 'Changed password',
  MemberLoggedIn: 'Signed in',
  MemberLoggedOut: 'Signed out',
  LoginFailed: 'Failed sign-in',
  PasswordResetRequested: 'Sent reset link',
  PasswordResetRefused: 'Reset link not sent',
  SecondFactorEnabled: 'Turned on two-step sign-in',
  SecondFactorDisabled: 'Turned off two-step sign-in',
  RecoveryCodeUsed: 'Used recovery code',
  SecondFactorPolicyChanged: 'Changed sign-in policy',
  VisualizationGenerated: 'Rendered visualization',
  EmailQueued: 'Queued e-mail',
  EmailDelivered: 'Delivered e-mail',
  EmailDeliveryFailed: 'E-mail failed',
  EmailReceived: 'Received e-mail',
  EmailConversationRead: 'Read e-mails',
  BackupCreated: 'Backed up',
  BackupsPruned: 'Pruned backups',
  LeadRetentionApplied: 'Applied retention',
  ReportBuildStarted: 'Started report build',
  EventLogExported: 'Exported event log',
  ReportDefined: 'Defined report',
  ReportDefinitionChanged: 'Changed report',
  ReportDefinitionRemoved: 'Removed report',
};
