import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import {
  AUDIT_COUNT_LIMIT,
  type AuditActor,
  type AuditEntryView,
  type AuditFilter,
  type AuditPage,
  type AuditSort,
  type AuditTargetKind,
} from '#src/contract/audit.js';
import {
  AUDIT_LOG_TABLE,
  AUDIT_NAMES_TABLE,
  type AuditLogRow,
} from '#src/modules/audit/projections/audit-log/audit-log.projection.js';

const ORDER_BY: Record<AuditSort, string> = {
  '-occurredAt': 'occurred_at desc, position desc',
  occurredAt: 'occurred_at asc, position asc',
  actorName: 'actor_name asc, occurred_at desc, position desc',
  '-actorName': 'actor_name desc, occurred_at desc, position desc',
  action: 'action asc, occurred_at desc, position desc',
  '-action': 'action desc, occurred_at desc, position desc',
};

const COLUMNS = `position, occurred_at, event_type, action, actor_id, actor_name, actor_role,
  target_kind, target_id, target_label, sentence`;

/** Rows read per round trip while streaming an export. */
const EXPORT_BATCH = 5000;

interface Where {
  sql: string;
  params: unknown[];
}

function whereOf(filter: AuditFilter): Where {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (filter.actorId) add((p) => `actor_id = ${p}`, filter.actorId);
  if (filter.type) add((p) => `event_type = ${p}`, filter.type);
  if (filter.leadId) add((p) => `target_kind = 'lead' and target_id = ${p}`, filter.leadId);
  if (filter.memberId) add((p) => `target_kind = 'member' and target_id = ${p}`, filter.memberId);
  if (filter.from) add((p) => `occurred_at >= ${p}::timestamptz`, filter.from);
  if (filter.to) add((p) => `occurred_at < ${p}::timestamptz`, filter.to);
  const q = filter.q?.trim();
  if (q) add((p) => `sentence ilike ${p}`, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return { sql: conditions.length ? `where ${conditions.join(' and ')}` : '', params };
}

/** Reads of the audit log read model: pages for the grid, batches for the CSV export. */
@Injectable()
export class AuditLogReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async page(
    filter: AuditFilter,
    sort: AuditSort,
    page: number,
    pageSize: number,
  ): Promise<AuditPage> {
    const where = whereOf(filter);
    const [items, counted] = await Promise.all([
      this.pool.query<AuditLogRow>(
        `select ${COLUMNS} from ${AUDIT_LOG_TABLE} ${where.sql}
         order by ${ORDER_BY[sort]} limit ${pageSize} offset ${(page - 1) * pageSize}`,
        where.params,
      ),
      // Counting a million matches would cost more than the page: count up to a limit.
      this.pool.query<{ n: number }>(
        `select count(*)::int as n from
           (select 1 from ${AUDIT_LOG_TABLE} ${where.sql} limit ${AUDIT_COUNT_LIMIT + 1}) matching`,
        where.params,
      ),
    ]);
    const n = counted.rows[0].n;
    return {
      items: items.rows.map(toView),
      total: Math.min(n, AUDIT_COUNT_LIMIT),
      totalIsLowerBound: n > AUDIT_COUNT_LIMIT,
      page,
      pageSize,
    };
  }

  /** Every team member ever added, by name: the choices of the actor filter. */
  async actors(): Promise<AuditActor[]> {
    const { rows } = await this.pool.query<AuditActor>(
      `select id, label as name from ${AUDIT_NAMES_TABLE}
       where kind = 'member' and label is not null order by label, id`,
    );
    return rows;
  }

  /**
   * Every matching row, newest first (or oldest first), a batch at a time: each batch continues
   * after the last row of the one before, so memory stays flat however many rows match.
   */
  async *stream(filter: AuditFilter, oldestFirst: boolean): AsyncGenerator<AuditEntryView[]> {
    const where = whereOf(filter);
    const direction = oldestFirst ? 'asc' : 'desc';
    const after = oldestFirst ? '>' : '<';
    let last: { at: string; position: number } | null = null;
    for (;;) {
      const params = [...where.params];
      let keyset = '';
      if (last) {
        params.push(last.at, last.position);
        const bound = `($${params.length - 1}::timestamptz, $${params.length}::bigint)`;
        keyset = `${where.sql ? 'and' : 'where'} (occurred_at, position) ${after} ${bound}`;
      }
      const { rows } = await this.pool.query<AuditLogRow & { at: string }>(
        `select ${COLUMNS}, occurred_at::text as at from ${AUDIT_LOG_TABLE} ${where.sql} ${keyset}
         order by occurred_at ${direction}, position ${direction} limit ${EXPORT_BATCH}`,
        params,
      );
      if (rows.length === 0) return;
      yield rows.map(toView);
      if (rows.length < EXPORT_BATCH) return;
      const end = rows[rows.length - 1];
      last = { at: end.at, position: Number(end.position) };
    }
  }
}

function toView(row: AuditLogRow): AuditEntryView {
  return {
    id: Number(row.position),
    occurredAt: new Date(row.occurred_at).toISOString(),
    eventType: row.event_type,
    action: row.action,
    actor: { id: row.actor_id, name: row.actor_name, role: row.actor_role },
    target:
      row.target_kind && row.target_id
        ? {
            kind: row.target_kind as AuditTargetKind,
            id: row.target_id,
            label: row.target_label ?? '',
          }
        : null,
    sentence: row.sentence,
  };
}
