/** A lead as the admin API answers it, with version and source (docs/product.md#leads). */
export interface LeadView {
  id: string;
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
  customerCity: string;
  customerCountry: string;
  doorStyle: string | null;
  doors: number;
  drawers: number;
  metres: number;
  totalPrice: number;
  status: string;
  notes: string;
  message: string | null;
  source: string;
  patternId: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  version: number;
}

export interface LeadPage {
  items: LeadView[];
  total: number;
  page: number;
  pageSize: number;
}

export interface StatusTotal {
  status: string;
  count: number;
  value: number;
}

export interface LeadStats {
  totalQuotes: number;
  totalRevenue: number;
  potentialRevenue: number;
  activeLeads: number;
  byStatus: StatusTotal[];
}

export interface HistoryEntry {
  id: string;
  type: string;
  occurredAt: string;
  actorName: string;
  actorRole: string;
  /** Event-specific facts: source, status from/to, field changes, pattern tried. */
  details: Record<string, unknown>;
}
