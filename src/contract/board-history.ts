/** The board as it was at a past moment: shared by the server and the admin app. */

export const BOARD_CARDS_PER_COLUMN_MAX = 50;

export interface BoardCardAsOf {
  id: string;
  /** The customer's name; null once the lead was erased. */
  name: string | null;
  status: string;
  totalPrice: number;
  doorStyle: string | null;
  createdAt: string;
}

export interface BoardColumnAsOf {
  id: string;
  name: string;
  color: string;
  /** Leads in the column at that moment, and their summed value. */
  total: number;
  value: number;
  /** The newest leads of the column then, newest first. */
  leads: BoardCardAsOf[];
}

export interface BoardStatsAsOf {
  totalQuotes: number;
  totalRevenue: number;
  potentialRevenue: number;
  activeLeads: number;
  byStatus: { status: string; count: number; value: number }[];
}

export interface BoardAsOf {
  at: string;
  columns: BoardColumnAsOf[];
  stats: BoardStatsAsOf;
}
