import { CommandBus } from '@nestjs/cqrs';
import { CreateLeadCommand } from '#src/modules/leads/commands/create-lead/create-lead.command.js';
import type { CreateLeadInput, LeadCustomer } from '#src/modules/leads/domain/lead.types.js';
import type { RunningApp } from './test-app.js';

/**
 * A phone of the person's own, made from the name: leads of different people must not share a
 * phone, or each new one would be linked to the others as a possible duplicate.
 */
export function testPhoneOf(firstName: string, lastName: string): string {
  let hash = 0;
  for (const char of `${firstName} ${lastName}`) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const digits = String(hash % 10_000_000).padStart(7, '0');
  return `+358 40 ${digits.slice(0, 3)} ${digits.slice(3)}`;
}

/** A test lead's customer fields and the rest of its input, each with a default. */
export type TestLeadOptions = Partial<LeadCustomer> & Partial<Omit<CreateLeadInput, 'customer'>>;

/**
 * The input of a test lead: by default a quote of six grooved doors from a customer whose e-mail
 * and phone are made from the name; a contact message (`source: 'contact_form'`) orders nothing
 * and gives no phone or address.
 */
export function testLeadInput(options: TestLeadOptions = {}): CreateLeadInput {
  const {
    firstName = 'Aino',
    lastName = 'Asiakas',
    email,
    phone,
    address,
    city,
    country = 'FI',
    ...given
  } = options;
  const orders = given.source !== 'contact_form';
  const input = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== undefined),
  );
  return {
    source: 'quote',
    doorStyle: orders ? 'Uritettu' : null,
    doors: orders ? 6 : 0,
    drawers: orders ? 2 : 0,
    metres: orders ? 2 : 0,
    totalPrice: orders ? 1500 : 0,
    ...input,
    customer: {
      firstName,
      lastName,
      email: email ?? `${firstName}.${lastName}@example.fi`.toLowerCase(),
      phone: phone ?? (orders ? testPhoneOf(firstName, lastName) : ''),
      address: address ?? (orders ? 'Testikatu 1' : ''),
      city: city ?? (orders ? 'Helsinki' : ''),
      country,
    },
  };
}

/** The command that creates a test lead, for a spec that runs it on a bus of its own. */
export const testLeadCommand = (options: TestLeadOptions = {}) =>
  new CreateLeadCommand(testLeadInput(options));

/** A test lead (see `testLeadInput`) created through the real command; returns its id. */
export async function createTestLead(
  testApp: RunningApp,
  options: TestLeadOptions = {},
): Promise<string> {
  const { leadId } = await testApp.app.get(CommandBus).execute(testLeadCommand(options));
  return leadId;
}
