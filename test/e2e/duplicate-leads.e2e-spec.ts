import request from 'supertest';
import type { HistoryEntry } from '#src/contract/lead-history.js';
import type { LeadDetails, LeadView } from '#src/contract/leads.js';
import type { ContactAnswer, QuoteAnswer } from '#src/contract/quote.js';
import { validQuote } from '../support/public-intake.js';
import { bearer, type SignedInStaff, signInAs } from '../support/staff.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** One customer twice: linked on arrival (docs/decisions/0127-duplicate-leads.md). */
describe('Duplicate leads', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof request>;
  let admin: SignedInStaff;

  beforeAll(async () => {
    testApp = await startTestApp({ RATE_LIMIT_PER_MINUTE: '1000' });
    api = request(testApp.baseUrl);
    admin = await signInAs(testApp, 'admin', { firstName: 'Anna', lastName: 'Admin' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const details = async (id: string) =>
    (await api.get(`/api/admin/quotes/${id}`).set(bearer(admin.token)).expect(200))
      .body as LeadDetails;

  const quote = async (email: string, phone: string) =>
    (
      await api
        .post('/api/quote')
        .send({ ...validQuote(), customer: { ...validQuote().customer, email, phone } })
        .expect(201)
    ).body as QuoteAnswer;

  const contact = async (email: string, phone?: string) =>
    (
      await api
        .post('/api/contact')
        .send({ firstName: 'Maija', email, ...(phone ? { phone } : {}), message: 'Soittakaa.' })
        .expect(201)
    ).body as ContactAnswer;

  it('should link a contact message to the quote with the same e-mail, shown on both', async () => {
    const first = await quote('maija.kaksi@example.fi', '+358 40 700 0001');
    // Another case and surrounding space: the same e-mail.
    const second = await contact('  Maija.KAKSI@example.fi ');

    const newer = await details(second.leadId);
    expect(newer.duplicates).toEqual([
      expect.objectContaining({
        id: first.leadId,
        customerEmail: 'maija.kaksi@example.fi',
        source: 'quote',
        status: 'new',
      }),
    ]);
    expect(newer.version).toBe(2);
    const older = await details(first.leadId);
    expect(older.duplicates).toEqual([
      expect.objectContaining({ id: second.leadId, source: 'contact_form' }),
    ]);
    expect(older.version).toBe(1);

    const history = (
      await api
        .get(`/api/admin/quotes/${second.leadId}/history`)
        .set(bearer(admin.token))
        .expect(200)
    ).body as HistoryEntry[];
    expect(history.map((entry) => entry.type)).toEqual(['LeadLinkedAsDuplicate', 'LeadCreated']);
    expect(history[0].details).toEqual({ otherLeadId: first.leadId });
  });

  it('should link by a phone written another way, and not a different country or e-mail', async () => {
    const first = await quote('puhelin.yksi@example.fi', '040 700 0002');
    const same = await contact('puhelin.kaksi@example.fi', '+358 40 700 0002');
    const swedish = await contact('puhelin.kolme@example.fi', '+46 40 700 0002');
    expect((await details(same.leadId)).duplicates.map((d) => d.id)).toEqual([first.leadId]);
    expect((await details(swedish.leadId)).duplicates).toEqual([]);
    expect((await details(first.leadId)).duplicates.map((d) => d.id)).toEqual([same.leadId]);
  });

  it('should link no lead in the Recycle Bin, and hide a link once the other is trashed', async () => {
    const binned = await quote('roskis@example.fi', '+358 40 700 0003');
    await api.delete(`/api/quotes/${binned.leadId}/soft`).set(bearer(admin.token)).expect(200);
    const after = await contact('roskis@example.fi');
    expect((await details(after.leadId)).duplicates).toEqual([]);

    const third = await contact('roskis@example.fi');
    expect((await details(third.leadId)).duplicates.map((d) => d.id)).toEqual([after.leadId]);
    await api.delete(`/api/quotes/${after.leadId}/soft`).set(bearer(admin.token)).expect(200);
    expect((await details(third.leadId)).duplicates).toEqual([]);
  });

  it('should never match an erased person, and keep no contact key of them', async () => {
    const gone = await quote('poistettu@example.fi', '+358 40 700 0004');
    await api.delete(`/api/quotes/${gone.leadId}/soft`).set(bearer(admin.token)).expect(200);
    await api.delete(`/api/admin/quotes/${gone.leadId}`).set(bearer(admin.token)).expect(204);
    const later = await contact('poistettu@example.fi', '+358 40 700 0004');
    expect((await details(later.leadId)).duplicates).toEqual([]);
    const { rows } = await testApp.db.pool.query<{
      email_key: string | null;
      phone_key: string | null;
    }>('select email_key, phone_key from lead_list where id = $1', [gone.leadId]);
    expect(rows).toEqual([{ email_key: null, phone_key: null }]);
  });

  it('should show the link in the list answer of neither lead, which stays as it was', async () => {
    const leads = (await api.get('/api/admin/quotes').set(bearer(admin.token)).expect(200))
      .body as LeadView[];
    expect(leads.length).toBeGreaterThan(0);
    expect(leads.every((lead) => !('duplicates' in lead) && lead.mergedInto === null)).toBe(true);
  });
});
