import request from 'supertest';
import type { EmailMessage } from '#src/contract/mail.js';
import { bearer } from './staff.js';
import type { RunningApp } from './test-app.js';

/** Polls until `check` passes (or throws its last failure after the timeout). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((done) => setTimeout(done, 50));
    }
  }
}

export async function conversationOf(
  testApp: RunningApp,
  token: string,
  leadId: string,
): Promise<EmailMessage[]> {
  const response = await request(testApp.baseUrl)
    .get(`/api/quotes/${leadId}/emails`)
    .set(bearer(token))
    .expect(200);
  return response.body as EmailMessage[];
}

/** Resolves once the message reached `state` in the conversation. */
export function deliveryOf(
  testApp: RunningApp,
  token: string,
  leadId: string,
  messageId: string,
  state: EmailMessage['deliveryState'],
): Promise<EmailMessage> {
  return eventually(async () => {
    const message = (await conversationOf(testApp, token, leadId)).find((m) => m.id === messageId);
    expect(message?.deliveryState).toBe(state);
    return message!;
  });
}

/** A manual lead to write to; answers its id. */
export async function createLead(
  testApp: RunningApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await request(testApp.baseUrl)
    .post('/api/admin/quotes/create-lead')
    .set(bearer(token))
    .send({
      customerFirstName: 'Aino',
      customerLastName: 'Virtanen',
      customerEmail: 'aino.virtanen@example.fi',
      doorStyle: 'Uritettu',
      ...overrides,
    })
    .expect(201);
  return (response.body as { id: string }).id;
}

export async function outboxSize(testApp: RunningApp): Promise<number> {
  const { rows } = await testApp.db.pool.query<{ n: number }>(
    'select count(*)::int as n from mail_outbox',
  );
  return rows[0].n;
}
