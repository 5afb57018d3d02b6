import type { LeadContact, LeadOrder } from '#src/modules/leads/domain/lead.events.js';
import type { LeadDetailsDto, LeadFieldsDto } from './dto/lead-fields.dto.js';

/** Splits the flat API fields into the domain's contact and order parts, keeping only those sent. */
export function toLeadParts(
  dto: LeadDetailsDto &
    Partial<Pick<LeadFieldsDto, 'customerFirstName' | 'customerLastName' | 'customerEmail'>>,
): {
  contact: Partial<LeadContact>;
  order: Partial<LeadOrder>;
} {
  const contact: Partial<LeadContact> = defined({
    firstName: dto.customerFirstName?.trim(),
    lastName: dto.customerLastName?.trim(),
    email: dto.customerEmail?.trim(),
    phone: dto.customerPhone?.trim(),
    address: dto.customerAddress?.trim(),
    city: dto.customerCity?.trim(),
    country: dto.customerCountry?.trim().toUpperCase(),
  });
  const order: Partial<LeadOrder> = defined({
    doorStyle: dto.doorStyle,
    doors: dto.doors,
    drawers: dto.drawers,
    metres: dto.metres,
    totalPrice: dto.totalPrice,
  });
  return { contact, order };
}

function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
