import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL, type Queryable } from '#src/platform/database/queryable.js';
import type { LinkedLead } from '#src/contract/leads.js';
import { type ContactKeys, emailKey, phoneKey } from '#src/modules/leads/domain/contact-match.js';
import {
  ACTIVE_LEAD,
  LEAD_LINKS_TABLE,
  LEAD_LIST_TABLE,
  type LeadListRow,
  contactOfRow,
} from '#src/modules/leads/projections/lead-list/lead-list.projection.js';

/** At most this many leads are linked to a new one: the newest, enough for staff to find them. */
export const MAX_DUPLICATE_LINKS = 10;

/**
 * Leads that may be one customer twice (docs/decisions/0127-duplicate-leads.md): matched on the
 * lead list's contact keys, never on the log, so an erased person is never a candidate.
 */
@Injectable()
export class DuplicateLeadsReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** The active leads, newest first, whose e-mail or phone key is the contact's. */
  async matching(
    contact: ContactKeys,
    { db = this.pool }: { db?: Queryable } = {},
  ): Promise<string[]> {
    const email = emailKey(contact.email);
    const phone = phoneKey(contact.phone);
    if (email === null && phone === null) return [];
    const { rows } = await db.query<{ id: string }>(
      `select id from ${LEAD_LIST_TABLE}
       where ${ACTIVE_LEAD} and (email_key = $1 or phone_key = $2)
       order by created_at desc, id limit ${MAX_DUPLICATE_LINKS}`,
      [email, phone],
    );
    return rows.map((row) => row.id);
  }

  /** The leads merged into `leadId` and not erased yet: they go when it goes. */
  async mergedInto(leadId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `select id from ${LEAD_LIST_TABLE} where merged_into = $1 and erased_at is null order by id`,
      [leadId],
    );
    return rows.map((row) => row.id);
  }

  /**
   * The leads linked to `leadId` either way that are still active: a link to a lead since
   * erased, merged or trashed is not shown.
   */
  async linkedTo(leadId: string): Promise<LinkedLead[]> {
    const { rows } = await this.pool.query<LeadListRow>(
      `select l.* from ${LEAD_LINKS_TABLE} k join ${LEAD_LIST_TABLE} l on l.id = k.other_id
       where k.lead_id = $1
         and l.deleted_at is null and l.erased_at is null and l.merged_into is null
       order by l.created_at, l.id`,
      [leadId],
    );
    return rows.map((row) => {
      const { firstName, lastName, email, phone } = contactOfRow(row);
      return {
        id: row.id,
        customerFirstName: firstName,
        customerLastName: lastName,
        customerEmail: email,
        customerPhone: phone,
        status: row.status,
        source: row.source,
        createdAt: new Date(row.created_at).toISOString(),
      };
    });
  }
}
