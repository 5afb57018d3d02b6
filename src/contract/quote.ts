import type { DoorStyle, LeadCustomer } from './leads.js';

/** The quote wizard's customer: contact details and an optional message. */
export interface QuoteCustomer extends Omit<LeadCustomer, 'country'> {
  /** Finland when left out. */
  country?: string;
  message?: string;
}

/** The wizard's payload. The server prices it; the client never does (docs/product.md#prices). */
export interface QuoteRequest {
  doorStyle: DoorStyle;
  doors: number;
  drawers: number;
  metres: number;
  customer: QuoteCustomer;
  patternId?: string;
}

/** The price the server computed for the quantities it accepted, and the lead it created. */
export interface QuoteAnswer {
  totalPrice: number;
  doorStyle: DoorStyle;
  doors: number;
  drawers: number;
  metres: number;
  leadId: string;
}

/** The contact form payload; it becomes a contact_form lead (docs/product.md#contact-form). */
export interface ContactMessage {
  firstName: string;
  lastName?: string;
  email: string;
  phone?: string;
  message?: string;
  source?: 'contact_form';
}

export interface ContactAnswer {
  /** The lead the message became. */
  leadId: string;
}
