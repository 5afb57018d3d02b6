/**
 * The lead vocabulary the admin app and the server share: what the API answers and accepts.
 * Pure TypeScript with no imports outside this folder, so the browser bundle can import it.
 */

export const DOOR_STYLES = ['Kehysovi', 'Uritettu', 'Tasapintainen', 'Vetimetön'] as const;
export type DoorStyle = (typeof DOOR_STYLES)[number];

export const LEAD_SOURCES = ['quote', 'contact_form', 'manual'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** The customer's contact details, as commands and events name them. */
export interface LeadCustomer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  country: string;
}

/**
 * Every contact field but the country, empty: where the quote form starts, and what a lead added
 * by hand has where nothing was sent (the country has a default of its own: Finland).
 */
export const BLANK_CONTACT: Omit<LeadCustomer, 'country'> = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
};

export const LEAD_CUSTOMER_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'city',
  'country',
] as const satisfies readonly (keyof LeadCustomer)[];

/** What the customer wants covered and its price. */
export interface LeadOrder {
  doorStyle: DoorStyle | null;
  doors: number;
  drawers: number;
  metres: number;
  totalPrice: number;
}

/** Fields staff edit, as the API names them. */
export interface LeadFields {
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
  /** None for a contact-form lead until someone picks one. */
  doorStyle: DoorStyle | null;
  doors: number;
  drawers: number;
  metres: number;
  totalPrice: number;
  /** The pipeline column id. */
  status: string;
  notes: string;
}

/** A lead as the admin API answers it, with version and source (docs/product.md#leads). */
export interface LeadView extends LeadFields {
  id: string;
  customerCity: string;
  customerCountry: string;
  message: string | null;
  source: LeadSource;
  patternId: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  version: number;
  /** The team member who owns the lead. */
  ownerId: string | null;
  /** The open follow-up's day in Finland (`YYYY-MM-DD`), or null. */
  followUpOn: string | null;
  followUpNote: string;
  /** The lead this one was merged into; null while it is its own. */
  mergedInto: string | null;
}

/** Another active lead that may be the same customer: matched by e-mail or phone on arrival. */
export interface LinkedLead {
  id: string;
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  customerPhone: string;
  status: string;
  source: LeadSource;
  createdAt: string;
}

/** Merges the lead of the path into `into`: it leaves the board, `into` keeps both histories. */
export interface MergeLeadRequest {
  into: string;
  /** The merged lead's version the user saw. */
  expectedVersion?: number;
}

/** One lead as its details dialog opens it: the lead and its possible duplicates. */
export interface LeadDetails extends LeadView {
  duplicates: LinkedLead[];
}

export interface LeadPage {
  items: LeadView[];
  total: number;
  page: number;
  pageSize: number;
}

export const LEAD_SORTS = ['-createdAt', 'createdAt', '-totalPrice', 'totalPrice'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

/** The query of one page of the lead list. */
export interface LeadPageQuery {
  search?: string;
  status?: string;
  /** Only the leads this member owns ("My leads"). */
  owner?: string;
  sort?: LeadSort;
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

/** Owner and follow-up as a change names them: `followUpDone` closes the open follow-up. */
export interface LeadOwnershipFields {
  ownerId: string | null;
  followUpOn: string;
  followUpNote: string;
  followUpDone: true;
}

/** Every change carries the version the user saw; a newer lead answers 409. */
export type UpdateLeadRequest = Partial<LeadFields> &
  Partial<LeadOwnershipFields> & { expectedVersion?: number };

/** A member who can own leads, as the owner pickers list them. */
export interface LeadOwner {
  id: string;
  name: string;
}

/** The board's quick change: the lead's column. */
export interface MoveLeadRequest {
  status: string;
  expectedVersion?: number;
}

export interface LeadStatusAnswer {
  id: string;
  status: string | undefined;
  version: number;
}

export interface LeadVersionAnswer {
  id: string;
  version: number;
}

export interface CountAnswer {
  count: number;
}

/** The 409 answer of a stale change: who changed the lead meanwhile. */
export interface LeadConflictAnswer {
  message: string;
  changedBy: string | null;
}
