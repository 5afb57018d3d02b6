import { Inject, Injectable } from '@nestjs/common';
import { Refusal } from '#src/platform/domain/refusal.js';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import {
  ACTIVE_LEAD,
  LEAD_LIST_TABLE,
  LEAD_SEARCH_TABLE,
  type LeadListRow,
  calendarDay,
  contactOfRow,
} from '#src/modules/leads/projections/lead-list/lead-list.projection.js';
import { LEAD_STATS_TABLE } from '#src/modules/leads/projections/lead-stats/lead-stats.projection.js';
import type {
  LeadPage,
  LeadPageQuery,
  LeadSort,
  LeadStats,
  LeadView,
} from '#src/contract/leads.js';
import { summarizeLeadStats } from './summarize-lead-stats.js';

const ORDER_BY: Record<LeadSort, string> = {
  '-createdAt': 'created_at desc, id desc',
  createdAt: 'created_at asc, id asc',
  '-totalPrice': 'total_price desc, id desc',
  totalPrice: 'total_price asc, id asc',
};

const ACTIVE = ACTIVE_LEAD;
/** A merged lead is off the board for good: never in the bin (docs/decisions/0127-duplicate-leads.md). */
const IN_BIN = 'deleted_at is not null and erased_at is null and merged_into is null';

/** Reads of the lead read models; never touches the event log. */
@Injectable()
export class LeadReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /**
   * Leads not yet erased whose last activity is older than their retention cutoff, with their
   * source: contact-form messages by the customer-service cutoff, every other lead by the quote one.
   */
  async outlivedRetention(cutoffs: {
    quote: Date;
    contact: Date;
  }): Promise<{ id: string; source: string }[]> {
    const { rows } = await this.pool.query<{ id: string; source: string }>(
      `select id, source from ${LEAD_LIST_TABLE}
       where erased_at is null
         and updated_at < case when source = 'contact_form' then $2::timestamptz else $1::timestamptz end`,
      [cutoffs.quote, cutoffs.contact],
    );
    return rows;
  }

  async listAll(): Promise<LeadView[]> {
    const { rows } = await this.pool.query<LeadListRow>(
      `select * from ${LEAD_LIST_TABLE} where ${ACTIVE} order by ${ORDER_BY['-createdAt']}`,
    );
    return rows.map(toView);
  }

  async list(filter: LeadPageQuery): Promise<LeadPage> {
    const { where, params } = boardFilter(filter);
    const offset = (filter.page - 1) * filter.pageSize;
    const [items, total] = await Promise.all([
      this.pool.query<LeadListRow>(
        `select * from ${LEAD_LIST_TABLE} where ${where}
         order by ${ORDER_BY[filter.sort ?? '-createdAt']} limit ${filter.pageSize} offset ${offset}`,
        params,
      ),
      this.pool.query<{ n: number }>(
        `select count(*)::int as n from ${LEAD_LIST_TABLE} where ${where}`,
        params,
      ),
    ]);
    return {
      items: items.rows.map(toView),
      total: total.rows[0].n,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  /** Every active lead the board's filter matches, in its order: what the CSV export holds. */
  async listFiltered(filter: LeadBoardFilter): Promise<LeadView[]> {
    const { where, params } = boardFilter(filter);
    const { rows } = await this.pool.query<LeadListRow>(
      `select * from ${LEAD_LIST_TABLE} where ${where} order by ${ORDER_BY[filter.sort ?? '-createdAt']}`,
      params,
    );
    return rows.map(toView);
  }

  /** Active leads with a follow-up due on `day` or before, soonest first; one owner's or all. */
  async followUpsDue(day: string, owner?: string): Promise<LeadView[]> {
    const { rows } = await this.pool.query<LeadListRow>(
      `select * from ${LEAD_LIST_TABLE}
       where ${ACTIVE} and follow_up_on <= $1::date and ($2::uuid is null or owner_id = $2)
       order by follow_up_on, created_at, id`,
      [day, owner ?? null],
    );
    return rows.map(toView);
  }

  /**
   * Every lead not yet erased, the bin's included, whose e-mail is `email` (case aside): what the
   * product holds about one person, oldest first (docs/product.md#right-of-access).
   */
  async ofEmail(email: string): Promise<LeadView[]> {
    const { rows } = await this.pool.query<LeadListRow>(
      `select * from ${LEAD_LIST_TABLE}
       where erased_at is null and lower(email) = lower($1) order by created_at, id`,
      [email.trim()],
    );
    return rows.map(toView);
  }

  async listDeleted(): Promise<LeadView[]> {
    const { rows } = await this.pool.query<LeadListRow>(
      `select * from ${LEAD_LIST_TABLE} where ${IN_BIN} order by deleted_at desc, id`,
    );
    return rows.map(toView);
  }

  /** How many leads the bin holds: the tab's count, without downloading the bin. */
  async countDeleted(): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      `select count(*)::int as n from ${LEAD_LIST_TABLE} where ${IN_BIN}`,
    );
    return rows[0].n;
  }

  /** Any lead ever created, erased ones included (their personal fields are empty). */
  async get(id: string): Promise<LeadView> {
    const { rows } = await this.pool.query<LeadListRow>(
      `select * from ${LEAD_LIST_TABLE} where id = $1`,
      [id],
    );
    if (!rows[0]) throw new Refusal('not_found', 'Lead not found');
    return toView(rows[0]);
  }

  async stats(): Promise<LeadStats> {
    const { rows } = await this.pool.query<{ status: string; count: number; value: number }>(
      `select status, lead_count as count, total_value::float8 as value from ${LEAD_STATS_TABLE}
       where lead_count <> 0 or total_value <> 0 order by status`,
    );
    return summarizeLeadStats(rows);
  }
}

/** The board's and the list's filter: a column, an owner, a search in names and e-mail. */
export type LeadBoardFilter = Pick<LeadPageQuery, 'search' | 'status' | 'owner' | 'sort'>;

function boardFilter(filter: LeadBoardFilter): { where: string; params: unknown[] } {
  const conditions = [ACTIVE];
  const params: unknown[] = [];
  if (filter.status) {
    params.push(filter.status);
    conditions.push(`status = $${params.length}`);
  }
  if (filter.owner) {
    params.push(filter.owner);
    conditions.push(`owner_id = $${params.length}`);
  }
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    conditions.push(
      `id in (select id from ${LEAD_SEARCH_TABLE} where search like $${params.length})`,
    );
  }
  return { where: conditions.join(' and '), params };
}

const iso = (value: string | Date | null) =>
  value === null ? null : new Date(value).toISOString();

function toView(row: LeadListRow): LeadView {
  const contact = contactOfRow(row);
  return {
    id: row.id,
    customerFirstName: contact.firstName,
    customerLastName: contact.lastName,
    customerEmail: contact.email,
    customerPhone: contact.phone,
    customerAddress: contact.address,
    customerCity: contact.city,
    customerCountry: contact.country,
    doorStyle: row.door_style,
    doors: row.doors,
    drawers: row.drawers,
    metres: Number(row.metres),
    totalPrice: Number(row.total_price),
    status: row.status,
    notes: row.notes ?? '',
    message: row.message,
    source: row.source,
    patternId: row.pattern_id,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    deletedAt: iso(row.deleted_at),
    version: row.version,
    ownerId: row.owner_id,
    followUpOn: row.follow_up_on === null ? null : calendarDay(row.follow_up_on),
    followUpNote: row.follow_up_note ?? '',
    mergedInto: row.merged_into,
  };
}
