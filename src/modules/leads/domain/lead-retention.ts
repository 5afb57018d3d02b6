import { PERSONAL_DATA_RETENTION } from '#src/contract/retention.js';
import type { LeadSource } from './lead.types.js';

/** The data-protection job's runs are recorded on this stream, for the audit log. */
export const LEAD_RETENTION_STREAM_ID = 'lead-retention';
export const LEAD_RETENTION_STREAM_TYPE = 'lead-retention';

export interface LeadRetentionApplied {
  type: 'LeadRetentionApplied';
  data: {
    /** Leads whose last activity was before these times were erased. */
    quoteCutoff: string;
    contactCutoff: string;
    quoteLeadsErased: number;
    contactLeadsErased: number;
  };
}

export const LEAD_RETENTION_EVENT_TYPES = ['LeadRetentionApplied'] as const;

export interface RetentionCutoffs {
  quote: Date;
  contact: Date;
}

/** A lead whose last activity is before its cutoff has outlived the privacy notice's period. */
export function retentionCutoffs(
  now: Date,
  periods: { quoteLeadYears: number; contactYears: number } = PERSONAL_DATA_RETENTION,
): RetentionCutoffs {
  const yearsBefore = (years: number) => {
    const cutoff = new Date(now);
    cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
    return cutoff;
  };
  return { quote: yearsBefore(periods.quoteLeadYears), contact: yearsBefore(periods.contactYears) };
}

/** Contact-form messages are customer-service data; quotes and staff-made leads are quote leads. */
export function isCustomerServiceLead(source: LeadSource | string): boolean {
  return source === 'contact_form';
}
