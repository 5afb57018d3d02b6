import { CLOSED_STATUS } from '#src/modules/leads/domain/pipeline.state.js';
import type { LeadStats, StatusTotal } from '#src/contract/leads.js';

const round = (value: number) => Math.round(value * 100) / 100;

/** The Overview cards from the count and value of leads per status (closed leads are revenue). */
export function summarizeLeadStats(rows: readonly StatusTotal[]): LeadStats {
  const sum = (pick: (r: StatusTotal) => number, closed: boolean | null) =>
    rows
      .filter((r) => closed === null || (r.status === CLOSED_STATUS) === closed)
      .reduce((total, r) => total + pick(r), 0);
  return {
    totalQuotes: sum((r) => r.count, null),
    totalRevenue: round(sum((r) => r.value, true)),
    potentialRevenue: round(sum((r) => r.value, false)),
    activeLeads: sum((r) => r.count, false),
    byStatus: rows.map((r) => ({ ...r, value: round(r.value) })),
  };
}
