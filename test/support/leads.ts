import { CommandBus } from '@nestjs/cqrs';
import { CreateLeadCommand } from '#src/modules/leads/commands/create-lead/create-lead.command.js';
import type { TestApp } from './test-app.js';

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

/** A quote lead created through the real command; returns its id. */
export async function createTestLead(
  testApp: TestApp,
  firstName: string,
  lastName: string,
  status = 'new',
  totalPrice = 1500,
): Promise<string> {
  const { leadId } = await testApp.app.get(CommandBus).execute(
    new CreateLeadCommand({
      source: 'quote',
      customer: {
        firstName,
        lastName,
        email: `${firstName}.${lastName}@example.fi`.toLowerCase(),
        phone: testPhoneOf(firstName, lastName),
        address: 'Testikatu 1',
        city: 'Helsinki',
        country: 'FI',
      },
      doorStyle: 'Uritettu',
      doors: 6,
      drawers: 2,
      metres: 2,
      totalPrice,
      status,
    }),
  );
  return leadId;
}
