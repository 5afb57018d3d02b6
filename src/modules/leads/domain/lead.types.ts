/** The vocabulary of a lead that commands, events and the HTTP layer share. */
import type { DoorStyle, LeadCustomer, LeadSource } from '#src/contract/leads.js';

export {
  DOOR_STYLES,
  type DoorStyle,
  type LeadCustomer,
  type LeadSource,
} from '#src/contract/leads.js';

export interface PriceLineItem {
  code: string;
  label: string;
  quantity: number;
  unitPrice: number;
  total: number;
}

export interface CreateLeadInput {
  source: LeadSource;
  customer: LeadCustomer;
  /** Customer's own message (quote or contact form); personal data. */
  message?: string;
  doorStyle: DoorStyle | null;
  doors: number;
  drawers: number;
  metres: number;
  totalPrice: number;
  /** Present for public quotes priced by the server. */
  priceListVersion?: string;
  lineItems?: PriceLineItem[];
  /** Visualizer pattern the visitor asked a quote for, if any. */
  patternId?: string;
  /** Anonymous visualizer visitor id, so the history can show the patterns tried. */
  visitorId?: string;
  status?: string;
  notes?: string;
  /** Makes a retried submission return the first result instead of a second lead. */
  idempotencyKey?: string;
  /** When the lead really arrived, for imports and demo data; now when omitted. */
  occurredAt?: Date;
}

/** A lead and the stream version a change left it at. */
export interface LeadVersionResult {
  leadId: string;
  version: number;
}
