/**
 * The right of access: everything the product holds about one person, found by e-mail, as one
 * zip of `data.json` and the photos (docs/product.md#right-of-access).
 */
import type { LeadView } from './leads.js';
import type { EmailMessage } from './mail.js';

export interface SubjectAccessRequest {
  email: string;
}

export const SUBJECT_ACCESS_DATA_FILE = 'data.json';
export const SUBJECT_ACCESS_PHOTO_FOLDER = 'photos';

/** A history entry as the person reads it: staff by role, never by name. */
export interface SubjectHistoryEntry {
  type: string;
  occurredAt: string;
  actorRole: string;
  details: object;
}

export interface SubjectLead {
  lead: Omit<LeadView, 'ownerId' | 'version'>;
  history: SubjectHistoryEntry[];
  emails: Omit<EmailMessage, 'byName'>[];
}

export interface SubjectVisualization {
  id: string;
  patternId: string;
  createdAt: string;
  /** Paths inside the zip; null once the photo's retention period took the file. */
  photo: string | null;
  render: string | null;
}

export interface SubjectAccessData {
  email: string;
  exportedAt: string;
  leads: SubjectLead[];
  visualizations: SubjectVisualization[];
}
