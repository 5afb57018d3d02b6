import { CommandBus } from '@nestjs/cqrs';
import { CreateLeadCommand } from '#src/modules/leads/commands/create-lead/create-lead.command.js';
import type { TestApp } from './test-app.js';

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
        phone: '+358 40 111 2222',
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
